import { MAX_IMPORT_FAILURES_SHOWN } from '../../model/constants.ts';
import type { MessageIssue } from '../../model/messages/issues.ts';
import type { MessageKey } from '../../model/messages/keys.ts';
import { messageText } from '../../model/messages/text.ts';
import { AppError } from '../http/errors.ts';

/** A row that cannot be imported: its problems by key (`issues`), and as English lines (`errors`, with the CSV reader's own). */
export type RowFailure = { row: number; email: string; errors: string[]; issues: MessageIssue[] };

/** The longest an email address can be (RFC 5321): a failing row's cell is repeated no longer than that, whatever it holds. */
const EMAIL_MAX = 254;

export const issue = (path: (string | number)[], key: MessageKey, values: Record<string, string | number> = {}): MessageIssue => ({ path, key, values });

/**
 * The failing rows of an import, as they are found: the first MAX_IMPORT_FAILURES_SHOWN are kept
 * whole, the others only counted, so a file of 10,000 bad rows answers a short list and a number
 * (a million rows once answered 133 MB of them).
 */
export function rowFailures() {
  const shown: RowFailure[] = [];
  let total = 0;
  return {
    add(row: number, email: string, issues: MessageIssue[], readerErrors: string[] = []) {
      total++;
      if (shown.length === MAX_IMPORT_FAILURES_SHOWN) return;
      const lines = issues.map((problem) => {
        const text = messageText(problem.key, 'en', problem.values);
        return problem.path.length > 0 ? `${problem.path.join('.')}: ${text}` : text;
      });
      shown.push({ row, email: email.trim().slice(0, EMAIL_MAX), errors: [...readerErrors, ...lines], issues });
    },
    get count() {
      return total;
    },
    /** The refusal of the whole file: nothing was imported, `count` rows fail, `failures` lists the first, `moreFailures` counts the rest. */
    refusal(): AppError {
      return new AppError('validation', 'csvRowsFailed', { values: { count: total }, details: { failures: shown, moreFailures: total - shown.length } });
    },
  };
}
