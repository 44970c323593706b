import Papa from 'papaparse';
import { createUserInputSchema } from '../../model/account.ts';
import { messageIssues, type MessageIssue } from '../../model/messages/issues.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import type { Actor } from './actor.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';
import { insertUsers, problemsWithNewUser, type NewUser } from './create-users.ts';

/** The columns a users CSV may have (header row, any order); companyName, email and accountType are required. */
export const USER_CSV_COLUMNS = ['companyName', 'email', 'contactPerson', 'accountType', 'planId', 'contractStart', 'contractExpiry', 'authority', 'licenseIssued'] as const;

/** A row that cannot be imported: its problems by key (`issues`), and as English lines (`errors`, with the CSV reader's own). */
export type RowFailure = { row: number; email: string; errors: string[]; issues: MessageIssue[] };

const issue = (path: (string | number)[], key: MessageKey, values: Record<string, string | number> = {}): MessageIssue => ({ path, key, values });

function failure(row: number, email: string, issues: MessageIssue[], readerErrors: string[] = []): RowFailure {
  const lines = issues.map((problem) => {
    const text = messageText(problem.key, 'en', problem.values);
    return problem.path.length > 0 ? `${problem.path.join('.')}: ${text}` : text;
  });
  return { row, email, errors: [...readerErrors, ...lines], issues };
}

const CSV_TYPES = new Set(['', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream']);

/** Refuses what is not a UTF-8 CSV file, with the spec's message. Its size was capped while it streamed in (the contract's `maxFileBytes`). */
export function assertCsvFile(file: { name: string; type: string }, bytes: Uint8Array): string {
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase())) throw new AppError('unsupported_media', 'csvOnly');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (text.includes('\u0000')) throw new Error('binary');
    return text;
  } catch {
    throw new AppError('unsupported_media', 'csvOnly');
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
    failures.push(failure(1, '', [issue([], 'csvHeader', { columns: USER_CSV_COLUMNS.join(', ') })]));
  } else if (unknown.length > 0) {
    failures.push(failure(1, '', [issue([], 'csvUnknownColumns', { columns: unknown.join(', ') })]));
  }
  const inputs: NewUser[] = [];
  const seen = new Map<string, number>();
  if (failures.length === 0) {
    parsed.data.forEach((row, index) => {
      const rowNumber = index + 2;
      const readerErrors = parsed.errors.filter((error) => error.row === index).map((error) => error.message);
      const input = rowToInput(row);
      const result = createUserInputSchema.safeParse(input);
      const issues = result.success ? problemsWithNewUser(db, actor, parent, result.data) : messageIssues(result.error.issues, input);
      if (result.success) {
        const first = seen.get(result.data.email);
        if (first !== undefined) issues.push(issue(['email'], 'csvRepeatsRow', { row: first }));
        else seen.set(result.data.email, rowNumber);
        inputs.push(result.data);
      }
      if (readerErrors.length > 0 || issues.length > 0) failures.push(failure(rowNumber, (row.email ?? '').trim(), issues, readerErrors));
    });
    if (parsed.data.length === 0) failures.push(failure(2, '', [issue([], 'csvNoRows')]));
  }
  if (failures.length > 0) throw new AppError('validation', 'csvRowsFailed', { values: { count: failures.length }, details: { failures } });
  return insertUsers(db, actor, parent, inputs);
}
