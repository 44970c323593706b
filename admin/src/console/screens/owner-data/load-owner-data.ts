import { callPath } from '../../../../../model/contracts/contract.ts';
import type { Language } from '../../../../../model/language.ts';
import type { OwnerDataColumn, StoredValue } from '../../../../../model/owner-data.ts';
import { request } from '../../api/request.ts';
import type { OwnerDataKind } from './owner-data-kinds.ts';

/** A member or an entry as the screens show it: the values sent, and the email a member is known by. */
export type OwnerDataRow = {
  id: string;
  createdAt: string;
  lang: Language;
  email: string | null;
  mode: string | null;
  notified: boolean | null;
  notifyError: string | null;
  values: Readonly<Record<string, StoredValue>>;
};

export type OwnerDataPage = { rows: OwnerDataRow[]; total: number; columns: OwnerDataColumn[] };

export type OwnerDataQuery = { q: string; from?: string; to?: string };

type Member = { id: string; createdAt: string; lang: Language; email: string; profile: Record<string, StoredValue> };
type Entry = { id: string; createdAt: string; lang: Language; mode: string | null; notified: boolean; notifyError: string | null; data: Record<string, StoredValue> };

const fromMember = (member: Member): OwnerDataRow => ({ ...member, mode: null, notified: null, notifyError: null, values: member.profile });
const fromEntry = (entry: Entry): OwnerDataRow => ({ ...entry, email: null, values: entry.data });

/** One page of a kind's list, by its contract. */
export async function loadOwnerDataPage(kind: OwnerDataKind, siteId: string, filter: OwnerDataQuery, page: number, pageSize: number): Promise<OwnerDataPage> {
  const input = { params: { id: siteId }, query: { ...filter, page: String(page), pageSize: String(pageSize) } };
  switch (kind) {
    case 'members': {
      const answer = await request('GET /site-member/:id', input);
      return { rows: answer.members.map(fromMember), total: answer.total, columns: answer.columns };
    }
    case 'contacts': {
      const answer = await request('GET /site-contact/:id', input);
      return { rows: answer.entries.map(fromEntry), total: answer.total, columns: answer.columns };
    }
    case 'forms': {
      const answer = await request('GET /site-form/:id', input);
      return { rows: answer.entries.map(fromEntry), total: answer.total, columns: answer.columns };
    }
  }
}

/** One member or entry with the columns of its form. */
export async function loadOwnerDataRow(kind: OwnerDataKind, siteId: string, rowId: string): Promise<{ row: OwnerDataRow; columns: OwnerDataColumn[] }> {
  switch (kind) {
    case 'members': {
      const answer = await request('GET /site-member/:id/member/:memberId', { params: { id: siteId, memberId: rowId } });
      return { row: fromMember(answer.member), columns: answer.columns };
    }
    case 'contacts': {
      const answer = await request('GET /site-contact/:id/entry/:entryId', { params: { id: siteId, entryId: rowId } });
      return { row: fromEntry(answer.entry), columns: answer.columns };
    }
    case 'forms': {
      const answer = await request('GET /site-form/:id/entry/:entryId', { params: { id: siteId, entryId: rowId } });
      return { row: fromEntry(answer.entry), columns: answer.columns };
    }
  }
}

const EXPORT_KEYS = { members: 'GET /site-member/:id/export-csv', contacts: 'GET /site-contact/:id/export-csv', forms: 'GET /site-form/:id/export-csv' } as const;

/** Where the browser downloads the CSV of what the filter keeps, headers in `lang`: a plain link, so the file streams to disk. */
export function exportHref(kind: OwnerDataKind, siteId: string, filter: OwnerDataQuery, lang: Language): string {
  return callPath(EXPORT_KEYS[kind], { id: siteId }, { ...filter, lang });
}
