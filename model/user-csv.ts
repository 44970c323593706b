import { MAX_CSV_BYTES } from './constants.ts';

/** The columns of the user CSV import, in the template's order; only companyName and email are required. */
export const USER_CSV_COLUMNS = ['companyName', 'email', 'contactPerson', 'accountType', 'planId', 'contractStart', 'contractExpiry', 'authority', 'licenseIssued'] as const;

/** One example row of the template, showing each column's form (a plan id, dates as YYYY-MM-DD, yes/no). */
const EXAMPLE: Readonly<Record<(typeof USER_CSV_COLUMNS)[number], string>> = {
  companyName: 'Example Co., Ltd.',
  email: 'user@example.com',
  contactPerson: 'Hanako Yamada',
  accountType: 'USER',
  planId: 'light',
  contractStart: '2027-01-01',
  contractExpiry: '2027-12-31',
  authority: 'edit',
  licenseIssued: 'no',
};

/**
 * The template a user downloads before importing: UTF-8 with a BOM (so Excel keeps Japanese
 * names readable when the file comes back), the header and one example row to replace.
 */
export function userCsvTemplate(): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return `\uFEFF${USER_CSV_COLUMNS.join(',')}\r\n${USER_CSV_COLUMNS.map((column) => quote(EXAMPLE[column])).join(',')}\r\n`;
}

/** Whether a chosen file may be sent: a .csv name and at most 5 MB (the server checks both again, and its bytes). */
export function userCsvFileProblem(file: { name: string; size: number }): 'csvOnly' | 'csvTooLarge' | null {
  if (!/\.csv$/i.test(file.name)) return 'csvOnly';
  return file.size > MAX_CSV_BYTES ? 'csvTooLarge' : null;
}
