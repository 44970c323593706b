import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { UserApiPrefix } from '../../../../../model/account.ts';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import { tableText } from '../../../../../model/messages/table.ts';
import { userCsvFileProblem, userCsvTemplate } from '../../../../../model/user-csv.ts';
import { ApiError, issuesOf } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { messagesIfAny } from '../../i18n/messages.ts';

/** A row the server refused, worded in the console's language. */
type RowReport = { row: number; email: string; problems: string[] };

/** The failing rows of a refused import (`failures` of the 400 answer), each problem in `lang`'s words. */
async function rowReports(error: ApiError, lang: Parameters<typeof messagesIfAny>[0]): Promise<RowReport[]> {
  const failures = error.body.failures;
  if (!Array.isArray(failures)) return [];
  const texts = await messagesIfAny(lang);
  const word = (issue: MessageIssue) => {
    const text = texts ? tableText(texts, issue.key, issue.values) : issue.key;
    return issue.path.length > 0 ? `${issue.path.join('.')}: ${text}` : text;
  };
  return failures.flatMap((failure: { row?: unknown; email?: unknown; issues?: unknown; errors?: unknown }) => {
    if (typeof failure?.row !== 'number') return [];
    const issues = issuesOf(failure.issues);
    // The CSV reader's own complaints (a stray quote) come in English only.
    const reader = Array.isArray(failure.errors) && issues.length === 0 ? failure.errors.filter((each): each is string => typeof each === 'string') : [];
    return [{ row: failure.row, email: typeof failure.email === 'string' ? failure.email : '', problems: [...issues.map(word), ...reader] }];
  });
}

/**
 * Users from a CSV file (B §2 "CSV import"): a template to start from, a file checked here for
 * its type and size (and again on the server, with its bytes), then all or nothing: a refused
 * file lists every failing row and why, and nothing was imported.
 */
export default function ImportUsersDialog({ prefix, onClose, onImported }: { prefix: UserApiPrefix; onClose(): void; onImported(count: number): void }) {
  const { t, lang } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<RowReport[]>([]);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | null) => {
    setRows([]);
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
        setRows(await rowReports(error, lang));
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
          <Dialog.Description>{t('importUsersHint')}</Dialog.Description>
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
          {rows.length > 0 && (
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
                  {rows.map((row) => (
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
