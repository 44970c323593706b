import { type SQL, sql } from 'drizzle-orm';
import type { Queries } from './open-database.ts';

/**
 * Tests' hand-written SQL, with `?` for each parameter in order, on either database: a test reads or
 * sets rows the app has no function for (a count, a watermark) without depending on the dialect's
 * placeholders. The text must hold no literal `?`.
 */
export function testSql(text: string, params: readonly unknown[]): SQL {
  const texts = text.split('?');
  if (texts.length !== params.length + 1) throw new Error(`${texts.length - 1} placeholders but ${params.length} parameters in: ${text}`);
  const chunks: SQL[] = [sql.raw(texts[0] ?? '')];
  for (const [index, param] of params.entries()) chunks.push(sql`${param}`, sql.raw(texts[index + 1] ?? ''));
  return sql.join(chunks);
}

export const sqlGet = async <T = unknown>(db: Queries, text: string, ...params: unknown[]): Promise<T | undefined> => await db.get<T | undefined>(testSql(text, params));
export const sqlAll = async <T = unknown>(db: Queries, text: string, ...params: unknown[]): Promise<T[]> => await db.all<T>(testSql(text, params));
export const sqlRun = async (db: Queries, text: string, ...params: unknown[]): Promise<{ changes: number }> => await db.run(testSql(text, params));
