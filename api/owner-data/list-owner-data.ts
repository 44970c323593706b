import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FormEntryView, OwnerDataColumn, OwnerDataFilter, SiteMemberView } from '../../model/owner-data.ts';
import type { Db } from '../db/open-database.ts';
import { notFound } from '../http/errors.ts';
import type { SiteRow } from '../sites/find-site.ts';
import { columnsOfRows } from './owner-data-columns.ts';
import { formEntryView, memberView, parseStoredRow, type StoredRow } from './owner-data-rows.ts';
import { filterWhere, selectColumns, tableOf, type OwnerDataKind } from './owner-data-source.ts';

/** Newest first; the id breaks ties, so paging and the export's cursor see one order. */
export const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

type Paging = OwnerDataFilter & { page: number; pageSize: number };

async function listRows(db: Db, site: SiteRow, kind: OwnerDataKind, query: Paging): Promise<{ rows: StoredRow[]; total: number }> {
  const where = filterWhere(kind, site.id, query);
  const table = tableOf(kind);
  const total = z
    .number()
    .int()
    .parse((await db.get<{ n: number } | undefined>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${where}`))?.n);
  const rows = (
    await db.all<unknown>(
      sql`SELECT ${sql.raw(selectColumns(kind))} FROM ${sql.raw(table)} WHERE ${where} ${sql.raw(NEWEST_FIRST)} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    )
  ).map(parseStoredRow);
  return { rows, total };
}

/** One page of the site's members, with the total the filter keeps and the columns its rows need. */
export async function listSiteMembers(db: Db, site: SiteRow, query: Paging) {
  const { rows, total } = await listRows(db, site, 'members', query);
  return { members: rows.map(memberView), total, page: query.page, pageSize: query.pageSize, columns: columnsOfRows(site, 'members', rows) };
}

/** One page of a form's entries, with the total the filter keeps and the columns its rows need. */
export async function listFormEntries(db: Db, site: SiteRow, kind: 'contacts' | 'forms', query: Paging) {
  const { rows, total } = await listRows(db, site, kind, query);
  return { entries: rows.map(formEntryView), total, page: query.page, pageSize: query.pageSize, columns: columnsOfRows(site, kind, rows) };
}

async function findRow(db: Db, site: SiteRow, kind: OwnerDataKind, id: string): Promise<StoredRow | null> {
  const where = filterWhere(kind, site.id, { q: '' });
  const row = await db.get<unknown>(sql`SELECT ${sql.raw(selectColumns(kind))} FROM ${sql.raw(tableOf(kind))} WHERE ${where} AND id = ${id}`);
  return row === undefined ? null : parseStoredRow(row);
}

/** One member of this site; another site's member is not found, like one that never was. */
export async function getSiteMember(db: Db, site: SiteRow, memberId: string): Promise<{ member: SiteMemberView; columns: OwnerDataColumn[] }> {
  const row = await findRow(db, site, 'members', memberId);
  if (!row) throw notFound('memberNotFound');
  return { member: memberView(row), columns: columnsOfRows(site, 'members', [row]) };
}

/** One entry of this site's contact or custom form; the other form's entry is not found. */
export async function getFormEntry(db: Db, site: SiteRow, kind: 'contacts' | 'forms', entryId: string): Promise<{ entry: FormEntryView; columns: OwnerDataColumn[] }> {
  const row = await findRow(db, site, kind, entryId);
  if (!row) throw notFound('entryNotFound');
  return { entry: formEntryView(row), columns: columnsOfRows(site, kind, [row]) };
}
