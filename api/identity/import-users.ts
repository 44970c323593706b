import Papa from 'papaparse';
import { createUserInputSchema } from '../../model/account.ts';
import { MAX_CSV_BYTES } from '../../model/constants.ts';
import type { Actor } from './actor.ts';
import type { Db } from '../db/open-database.ts';
import { LocalizedError } from '../errors.ts';
import type { AccountRow } from './find-account.ts';
import { insertUsers, problemsWithNewUser, type NewUser } from './create-users.ts';

/** The columns a users CSV may have (header row, any order); companyName, email and accountType are required. */
export const USER_CSV_COLUMNS = ['companyName', 'email', 'contactPerson', 'accountType', 'planId', 'contractStart', 'contractExpiry', 'authority', 'licenseIssued'] as const;

export type RowFailure = { row: number; email: string; errors: string[] };

const CSV_TYPES = new Set(['', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream']);

/** Refuses what is not a CSV file of at most 5 MB, with the spec's messages. */
export function assertCsvFile(file: { name: string; type: string; size: number }, bytes: Uint8Array): string {
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase())) throw new LocalizedError('unsupported_media', 'csvOnly');
  if (file.size > MAX_CSV_BYTES) throw new LocalizedError('payload_too_large', 'csvTooLarge', { file: file.name });
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (text.includes('\u0000')) throw new Error('binary');
    return text;
  } catch {
    throw new LocalizedError('unsupported_media', 'csvOnly');
  }
}

function rowToInput(row: Record<string, string>): unknown {
  const value = (key: string) => (row[key] ?? '').trim();
  const optional = (key: string) => (value(key) === '' ? undefined : value(key));
  const licence = value('licenseIssued').toLowerCase();
  return {
    companyName: value('companyName'),
    email: value('email'),
    contactPerson: optional('contactPerson'),
    accountType: value('accountType') || 'USER',
    planId: optional('planId'),
    contractStart: optional('contractStart'),
    contractExpiry: optional('contractExpiry'),
    authority: optional('authority'),
    licenseIssued: licence === '' ? undefined : ['true', '1', 'yes'].includes(licence) ? true : ['false', '0', 'no'].includes(licence) ? false : licence,
  };
}

/**
 * Imports users from CSV, all or nothing (docs/decisions.md): every row is checked first
 * (fields, type, plan, duplicate email in the file or the database) and a single failing row
 * imports nothing, answering 400 with every failing row and why. Row numbers count the header
 * as row 1, as a spreadsheet shows them.
 */
export async function importUsers(db: Db, actor: Actor, parent: AccountRow, csv: string): Promise<AccountRow[]> {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  const failures: RowFailure[] = [];
  const unknown = (parsed.meta.fields ?? []).filter((field) => !(USER_CSV_COLUMNS as readonly string[]).includes(field));
  if (!parsed.meta.fields?.includes('email') || !parsed.meta.fields.includes('companyName')) {
    failures.push({ row: 1, email: '', errors: [`The header row must name the columns ${USER_CSV_COLUMNS.join(', ')} (companyName and email at least).`] });
  } else if (unknown.length > 0) {
    failures.push({ row: 1, email: '', errors: [`Unknown column(s): ${unknown.join(', ')}.`] });
  }
  const inputs: NewUser[] = [];
  const seen = new Map<string, number>();
  if (failures.length === 0) {
    parsed.data.forEach((row, index) => {
      const rowNumber = index + 2;
      const errors = parsed.errors.filter((error) => error.row === index).map((error) => error.message);
      const result = createUserInputSchema.safeParse(rowToInput(row));
      if (!result.success) errors.push(...result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
      else {
        errors.push(...problemsWithNewUser(db, actor, parent, result.data));
        const first = seen.get(result.data.email);
        if (first !== undefined) errors.push(`email: Repeats row ${first}.`);
        else seen.set(result.data.email, rowNumber);
        inputs.push(result.data);
      }
      if (errors.length > 0) failures.push({ row: rowNumber, email: (row.email ?? '').trim(), errors });
    });
    if (parsed.data.length === 0) failures.push({ row: 2, email: '', errors: ['The file has no rows to import.'] });
  }
  if (failures.length > 0) throw new LocalizedError('validation', 'csvRowsFailed', { count: failures.length }, { failures });
  return insertUsers(db, actor, parent, inputs);
}
