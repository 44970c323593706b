import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, type SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { sqliteTables } from '../api/db/sqlite-tables.ts';

/**
 * Writes api/db/pg/schema.ts, the PostgreSQL twin of every SQLite table (api/db/schema*.ts), so the
 * two schemas cannot drift: `npm run db:generate` runs this before drizzle-kit makes the PostgreSQL
 * migration, and api/db/pg/dialect-parity.test.ts fails when the file is stale. Integers (numbers,
 * ms timestamps, 0/1 booleans) become bigint read as numbers, JSON stays text, blobs bytea: the app's
 * queries are SQLite's dialect on both databases (docs/decisions.md, "PostgreSQL through a synchronous bridge").
 */

const dialect = new SQLiteSyncDialect();
const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql;
const key = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Column ${name} is not a plain identifier`);
  return name;
};

function literal(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return String(value.getTime());
  return JSON.stringify(JSON.stringify(value));
}

function columnSource(column: SQLiteColumn, singleIntegerKey: boolean): string {
  const type = column.getSQLType();
  let source: string;
  if (type === 'integer') source = `bigint('${column.name}', { mode: 'number' })`;
  else if (type === 'text') source = `text('${column.name}')`;
  else if (type === 'real') source = `doublePrecision('${column.name}')`;
  else if (type === 'blob') source = `bytea('${column.name}')`;
  else if (type === 'numeric') source = `numeric('${column.name}')`;
  else throw new Error(`No PostgreSQL type for ${column.name}: ${type}`);
  if (column.primary) source += '.primaryKey()';
  // SQLite numbers an integer primary key itself when an insert leaves it out.
  if (column.primary && singleIntegerKey) source += '.generatedByDefaultAsIdentity()';
  if (column.notNull && !column.primary) source += '.notNull()';
  if (column.isUnique) source += `.unique(${column.uniqueName ? `'${column.uniqueName}'` : ''})`;
  if (column.hasDefault && column.default !== undefined) {
    source += is(column.default, SQL) ? `.default(sql\`${sqlText(column.default)}\`)` : `.default(${literal(column.default)})`;
  }
  return source;
}

function tableSource(constName: string, table: SQLiteTable): string {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => {
    const single = column.primary && column.getSQLType() === 'integer';
    return `    ${key(column.name)}: ${columnSource(column, single)},`;
  });
  const extras: string[] = [];
  const ref = (column: { name: string }) => `t.${column.name}`;
  for (const primary of config.primaryKeys) {
    extras.push(`primaryKey({ name: '${primary.getName()}', columns: [${primary.columns.map(ref).join(', ')}] })`);
  }
  for (const index of config.indexes) {
    const on = index.config.columns.map((column) => (is(column, SQL) ? `sql\`${sqlText(column)}\`` : ref(column as SQLiteColumn)));
    let source = `${index.config.unique ? 'uniqueIndex' : 'index'}('${index.config.name}').on(${on.join(', ')})`;
    if (index.config.where) source += `.where(sql\`${sqlText(index.config.where)}\`)`;
    extras.push(source);
  }
  for (const unique of config.uniqueConstraints) {
    extras.push(`unique('${unique.getName()}').on(${unique.columns.map(ref).join(', ')})`);
  }
  for (const foreign of config.foreignKeys) {
    const reference = foreign.reference();
    const target = tableConstNames.get(reference.foreignTable);
    if (!target) throw new Error(`${config.name} references a table outside the schema`);
    const self = reference.foreignTable === table;
    const columnsOf = (list: SQLiteColumn[], of: string) => list.map((column) => (self ? ref(column) : `${of}.${column.name}`));
    let source = `foreignKey({ name: '${foreign.getName()}', columns: [${reference.columns.map(ref).join(', ')}], foreignColumns: [${columnsOf(reference.foreignColumns, target).join(', ')}] })`;
    if (foreign.onDelete && foreign.onDelete !== 'no action') source += `.onDelete('${foreign.onDelete}')`;
    if (foreign.onUpdate && foreign.onUpdate !== 'no action') source += `.onUpdate('${foreign.onUpdate}')`;
    extras.push(source);
  }
  for (const constraint of config.checks) extras.push(`check('${constraint.name}', sql\`${sqlText(constraint.value)}\`)`);
  const tail = extras.length ? `,\n  (t) => [\n    ${extras.join(',\n    ')},\n  ]` : '';
  return `export const ${constName} = pgTable(\n  '${config.name}',\n  {\n${columns.join('\n')}\n  }${tail},\n);\n`;
}

const tableConstNames = new Map<SQLiteTable, string>();
for (const [name, table] of Object.entries(sqliteTables)) tableConstNames.set(table, name);

/** The source of api/db/pg/schema.ts for the current SQLite schema. */
export function pgSchemaSource(): string {
  const ordered = [...tableConstNames].sort(([a], [b]) => getTableName(a).localeCompare(getTableName(b)));
  const body = ordered.map(([table, name]) => tableSource(name, table)).join('\n');
  const builders = ['bigint', 'check', 'customType', 'doublePrecision', 'foreignKey', 'index', 'numeric', 'pgTable', 'primaryKey', 'text', 'unique', 'uniqueIndex'];
  const usesBytea = body.includes('bytea(');
  const used = builders.filter((name) => (name === 'customType' ? usesBytea : new RegExp(`(^|[^.\\w])${name}\\(`, 'm').test(body)));
  const header = [
    '// Generated by scripts/pg-schema.ts from api/db/schema*.ts: do not edit, run `npm run db:generate`.',
    ...(body.includes('sql`') ? ["import { sql } from 'drizzle-orm';"] : []),
    `import { ${used.join(', ')} } from 'drizzle-orm/pg-core';`,
    '',
    ...(usesBytea ? ["const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });", ''] : []),
  ];
  return `${header.join('\n')}\n${body}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL('../api/db/pg/schema.ts', import.meta.url)), pgSchemaSource());
  console.log(`api/db/pg/schema.ts: ${tableConstNames.size} tables`);
}
