import { describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES } from './constants.ts';
import { USER_CSV_COLUMNS, userCsvFileProblem, userCsvTemplate } from './user-csv.ts';

describe('the user CSV template and file check', () => {
  it('starts with a BOM and the header, then one example row with a cell per column', () => {
    const [header, example, end] = userCsvTemplate().split('\r\n');
    expect(header).toBe(`\uFEFF${USER_CSV_COLUMNS.join(',')}`);
    // The company name holds a comma, so it is quoted and the row still has one cell per column.
    expect(example).toMatch(/^"Example Co\., Ltd\.",user@example\.com,/);
    expect(example!.replace(/"[^"]*"/g, 'x').split(',')).toHaveLength(USER_CSV_COLUMNS.length);
    expect(end).toBe('');
  });

  it('refuses a file that is not named .csv, or is over 5 MB, before it is sent', () => {
    expect(userCsvFileProblem({ name: 'users.CSV', size: MAX_CSV_BYTES })).toBeNull();
    expect(userCsvFileProblem({ name: 'users.xlsx', size: 10 })).toBe('csvOnly');
    expect(userCsvFileProblem({ name: 'users.csv', size: MAX_CSV_BYTES + 1 })).toBe('csvTooLarge');
  });
});
