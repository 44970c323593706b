import { setImmediate as nextTurn } from 'node:timers/promises';
import { USER_CSV_COLUMNS } from '../../model/user-csv.ts';
import { createUserInputSchema } from '../../model/account.ts';
import { messageIssues } from '../../model/messages/issues.ts';
import type { Actor } from './actor.ts';
import { chunksOf } from '../db/in-chunks.ts';
import type { Db } from '../db/open-database.ts';
import { AppError } from '../http/errors.ts';
import type { AccountRow } from './find-account.ts';
import { insertUsers, problemsWithNewUsers, type NewUser } from './create-users.ts';
import { readUserCsv } from './read-user-csv.ts';
import { issue, rowFailures } from './row-failures.ts';

const CSV_TYPES = new Set(['', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream']);

/** Refuses a file that is not named and typed as a CSV file, with the spec's message; its bytes are checked as they are read (`readUserCsv`). */
export function assertCsvFile(file: { name: string; type: string }): void {
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.split(';')[0]!.trim().toLowerCase())) throw new AppError('unsupported_media', 'csvOnly');
}

/** Unknown columns the refusal names, and the characters of each: a header row can be megabytes long. */
const COLUMNS_SHOWN = 10;
const COLUMN_NAME_SHOWN = 40;

/** Rows checked between two turns of the event loop: a batch of 500 is a few milliseconds, so other requests wait no longer than that. */
const CHECK_BATCH = 500;

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
 * Imports users from the CSV file at `path`, all or nothing (docs/decisions.md): every row is
 * checked first (fields, type, plan, duplicate email in the file or the database) and a single
 * failing row imports nothing, answering 400 with the first failing rows, why, and how many
 * more. Row numbers count the header as row 1, as a spreadsheet shows them. The file is read as
 * it streams and refused past MAX_IMPORT_ROWS; the rows are checked a batch per turn of the event
 * loop; the insert is one transaction, which refuses the file if another import took one of its
 * emails in the meantime.
 */
export async function importUsers(db: Db, actor: Actor, parent: AccountRow, path: string): Promise<AccountRow[]> {
  const { columns, rows } = await readUserCsv(path);
  const failures = rowFailures();
  const unknown = columns.filter((column) => !(USER_CSV_COLUMNS as readonly string[]).includes(column));
  if (!columns.includes('email') || !columns.includes('companyName')) failures.add(1, '', [issue([], 'csvHeader', { columns: USER_CSV_COLUMNS.join(', ') })]);
  else if (unknown.length > 0)
    failures.add(1, '', [
      issue([], 'csvUnknownColumns', {
        columns: unknown
          .slice(0, COLUMNS_SHOWN)
          .map((column) => column.slice(0, COLUMN_NAME_SHOWN))
          .join(', '),
      }),
    ]);
  else if (rows.length === 0) failures.add(2, '', [issue([], 'csvNoRows')]);
  if (failures.count > 0) throw failures.refusal();

  const inputs: NewUser[] = [];
  const rowOfEmail = new Map<string, number>();
  for (const [batchIndex, batch] of chunksOf(rows, CHECK_BATCH).entries()) {
    if (batchIndex > 0) await nextTurn();
    const read = batch.map((row) => {
      const input = rowToInput(row.cells);
      return { row, input, result: createUserInputSchema.safeParse(input) };
    });
    const valid = read.flatMap(({ result }) => (result.success ? [result.data] : []));
    const problems = await problemsWithNewUsers(db, actor, parent, valid);
    let validIndex = 0;
    read.forEach(({ row, input, result }, index) => {
      const rowNumber = batchIndex * CHECK_BATCH + index + 2;
      const issues = result.success ? problems[validIndex++]! : messageIssues(result.error.issues, input);
      if (result.success) {
        const first = rowOfEmail.get(result.data.email);
        if (first !== undefined) issues.push(issue(['email'], 'csvRepeatsRow', { row: first }));
        else rowOfEmail.set(result.data.email, rowNumber);
        inputs.push(result.data);
      }
      if (row.readerErrors.length > 0) issues.unshift(issue([], 'csvRowUnreadable'));
      if (issues.length > 0) failures.add(rowNumber, row.cells.email ?? '', issues, row.readerErrors);
    });
  }
  if (failures.count > 0) throw failures.refusal();
  await nextTurn();
  return await insertUsers(db, actor, parent, inputs, (taken) => {
    const late = rowFailures();
    for (const [email, row] of rowOfEmail) if (taken.has(email)) late.add(row, email, [issue(['email'], 'emailTaken')]);
    throw late.refusal();
  });
}
