import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { UserApiPrefix } from '../../../../../model/account.ts';
import { MAX_IMPORT_ROWS } from '../../../../../model/constants.ts';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import { tableText } from '../../../../../model/messages/table.ts';
import { userCsvFileProblem, userCsvTemplate } from '../../../../../model/user-csv.ts';
import { ApiError, issuesOf } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { messagesIfAny } from '../../i18n/messages.ts';

/** A row the server refused, worded in the console's language. */
type RowReport = { row: number; email: string; problems: string[] };

/** The failing rows a refused import lists (`failures` of the 400 answer), and how many more failed (`moreFailures`). */
type FailureReport = { rows: RowReport[]; more: number };

/**
 * The failing rows of a refused import, each problem by its key in `lang`'s words (the CSV
 * reader's complaints too: the server keys them as `csvRowUnreadable`); a problem whose words
 * cannot be fetched is left out rather than shown as a key.
 */
async function failureReport(error: ApiError, lang: Parameters<typeof messagesIfAny>[0]): Promise<FailureReport> {
  const failures = error.body.failures;
  const more = typeof error.body.moreFailures === 'number' ? error.body.moreFailures : 0;
  if (!Array.isArray(failures)) return { rows: [], more };
  const texts = await messagesIfAny(lang);
  if (!texts) return { rows: [], more: 0 };
  const word = (issue: MessageIssue) => {
    const text = tableText(texts, issue.key, issue.values);
    return issue.path.length > 0 ? `${issue.path.join('.')}: ${text}` : text;
  };
  const rows = failures.flatMap((failure: { row?: unknown; email?: unknown; issues?: unknown }) => {
    if (typeof failure?.row !== 'number') return [];
    return [{ row: failure.row, email: typeof failure.email === 'string' ? failure.email : '', problems: issuesOf(failure.issues).map(word) }];
  });
  return { rows, more };
}

/**
 * Users from a CSV file (B §2 "CSV import"): a template to start from, a file checked here for
 * its type and size (and again on the server, with its bytes, and its rows against
 * MAX_IMPORT_ROWS), then all or nothing: a refused file lists its first failing rows and why,
 * and how many more failed; nothing was imported.
 */
export default function ImportUsersDialog({ prefix, onClose, onImported }: { prefix: UserApiPrefix; onClose(): void; onImported(count: number): void }) {
  const { t, lang } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<FailureReport>({ rows: [], more: 0 });
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | null) => {
    setReport({ rows: [], more: 0 });
    setFile(null);
    setProblem(null);
    if (!chosen) return;
    const refusal = userCsvFileProblem(chosen);
    if (refusal) {
      const texts = await messagesIfAny(lang);
      setProblem(texts ? tableText(texts, refusal, { file: chosen.name }) : refusal);
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file || busy) return;
    setBusy(true);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await request(`POST /${prefix}/user/import`, { body: form }, { quiet: true });
      onImported(answer.imported);
    } catch (error) {
      if (error instanceof ApiError) {
        setProblem(error.message);
        setReport(await failureReport(error, lang));
      } else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  // One object URL while the dialog is open, released when it closes (a new one per render would leak).
  const [template, setTemplate] = useState('');
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([userCsvTemplate()], { type: 'text/csv;charset=utf-8' }));
    setTemplate(url);
    return () => URL.revokeObjectURL(url);
  }, []);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide card stack">
          <Dialog.Title className="dialog-title">{t('importUsers')}</Dialog.Title>
          <Dialog.Description>{t('importUsersHint', { max: MAX_IMPORT_ROWS.toLocaleString('ja-JP') })}</Dialog.Description>
          <a href={template} download="users-template.csv">
            {t('downloadTemplate')}
          </a>
          <label className="field">
            <span>{t('csvFile')}</span>
            <input type="file" accept=".csv,text/csv" aria-describedby="import-users-problem" onChange={(event) => void choose(event.target.files?.[0] ?? null)} />
          </label>
          <div id="import-users-problem" aria-live="polite">
            {problem && (
              <p className="error" role="alert">
                {problem}
              </p>
            )}
          </div>
          {report.rows.length > 0 && (
            <div className="table-scroll">
              <table aria-label={t('importFailures')}>
                <thead>
                  <tr>
                    <th scope="col">{t('csvRow')}</th>
                    <th scope="col">{t('email')}</th>
                    <th scope="col">{t('csvProblem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.row}>
                      <td>{row.row}</td>
                      <td>{row.email}</td>
                      <td>
                        {row.problems.map((text) => (
                          <div key={text}>{text}</div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {report.more > 0 && <p>{t('importMoreFailures', { count: report.more.toLocaleString('ja-JP') })}</p>}
          <div className="row">
            <button type="button" disabled={!file || busy} onClick={() => void upload()}>
              {busy ? t('importing') : t('import')}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="secondary">
                {t('cancel')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
