import { useRef, useState, type FormEvent } from 'react';
import type { Language } from '../../../model/language.ts';
import { formFieldLabel } from '../../../model/form-field-label.ts';
import { formFieldKey, validateFormSubmission, type FormValues } from '../../../model/form-values.ts';
import type { FormField } from '../../../model/site.ts';
import { visitorText } from '../../../model/messages/visitor-text.ts';
import type { ApiRefusal } from '../viewer/visitor-client.ts';
import { st } from './screen-texts.ts';

type Props = {
  fields: readonly FormField[];
  lang: Language;
  submitLabel: string;
  /** Sends the checked values and the honeypot's content; answers the refusal, or null when done. */
  onSubmit: (values: FormValues, honeypot: string) => Promise<Pick<ApiRefusal, 'message' | 'issues'> | null>;
};

type Entered = Record<string, string | string[]>;

function inputType(key: string): { type: string; autoComplete: string } {
  if (key === 'email') return { type: 'email', autoComplete: 'email' };
  if (key === 'password' || key === 'confirmPassword') return { type: 'password', autoComplete: 'new-password' };
  return { type: 'text', autoComplete: 'on' };
}

/**
 * A visitor form built from the site's configuration (V §3): its fields in orderNum order, each
 * by its input type, required ones marked. Values are checked with the server's own rules
 * (model/form-values.ts) before sending; the first field at fault gets the message and focus.
 */
export default function VisitorForm({ fields, lang, submitLabel, onSubmit }: Props) {
  const [entered, setEntered] = useState<Entered>({});
  const [problem, setProblem] = useState<{ key: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const set = (key: string, value: string | string[]) => setEntered((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = validateFormSubmission(fields, entered);
    if (!check.ok) {
      setProblem({ key: check.field, message: visitorText(check.problem, lang) });
      const index = fields.findIndex((field) => formFieldKey(field) === check.field);
      form.current?.querySelector<HTMLElement>(`[data-field="${index}"]`)?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    const refusal = await onSubmit(check.values, honeypot.current?.value ?? '');
    setBusy(false);
    if (!refusal) return;
    // A refusal naming one of the form's fields goes beside it, in the page's language.
    const issue = refusal.issues.find((each) => fields.some((field) => formFieldKey(field) === each.path[0]));
    if (issue) setProblem({ key: String(issue.path[0]), message: visitorText(issue.key, lang, issue.values) });
    else setProblem({ key: '', message: refusal.message });
  };

  return (
    <form ref={form} className="sg-form" noValidate onSubmit={submit}>
      {fields.map((field, index) => {
        const key = formFieldKey(field);
        const id = `sg-field-${index}`;
        const invalid = problem?.key === key;
        const described = invalid ? `${id}-error` : undefined;
        const common = { id, 'data-field': index, 'aria-invalid': invalid || undefined, 'aria-describedby': described, 'aria-required': field.isRequired || undefined };
        const value = entered[key];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: configured fields carry no id; the index keeps two fields of one name apart, and the list never reorders while shown.
          <div key={`${key}-${index}`} className="sg-field">
            {field.typeInput === 'SELECT_OPTIONS' ? (
              <fieldset {...common} tabIndex={-1} className="sg-options">
                <legend>
                  {formFieldLabel(field, lang)}
                  {field.isRequired && (
                    <span className="sg-required">
                      {' '}
                      *<span className="sg-visually-hidden">{st('required', lang)}</span>
                    </span>
                  )}
                </legend>
                {field.options.map((option) => (
                  <label key={option.value} className="sg-option">
                    <input
                      type="checkbox"
                      value={option.value}
                      checked={Array.isArray(value) && value.includes(option.value)}
                      onChange={(event) => {
                        const ticked = Array.isArray(value) ? value : [];
                        set(key, event.currentTarget.checked ? [...ticked, option.value] : ticked.filter((item) => item !== option.value));
                      }}
                    />
                    {option.value}
                  </label>
                ))}
              </fieldset>
            ) : (
              <>
                <label htmlFor={id}>
                  {formFieldLabel(field, lang)}
                  {field.isRequired && (
                    <span className="sg-required">
                      {' '}
                      *<span className="sg-visually-hidden">{st('required', lang)}</span>
                    </span>
                  )}
                </label>
                {field.typeInput === 'SELECT' ? (
                  <select {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => set(key, event.currentTarget.value)}>
                    <option value="">{field.placeholder || '—'}</option>
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.value}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...common}
                    {...(field.typeInput === 'NUMBER' ? { type: 'number', inputMode: 'decimal' as const, autoComplete: 'off' } : inputType(key))}
                    name={key}
                    placeholder={field.placeholder || undefined}
                    value={typeof value === 'string' ? value : ''}
                    onInput={(event) => set(key, event.currentTarget.value)}
                  />
                )}
              </>
            )}
            {invalid && (
              <p className="sg-field-error" id={`${id}-error`} role="alert">
                {problem.message}
              </p>
            )}
          </div>
        );
      })}
      {/* Spam trap (docs/visitor-api.md): people never see or fill it; the API drops what fills it. */}
      <div className="sg-honeypot" aria-hidden="true">
        <label>
          Website <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {problem && problem.key === '' && (
        <p className="sg-form-error" role="alert">
          {problem.message}
        </p>
      )}
      {problem && problem.key !== '' && !fields.some((field) => formFieldKey(field) === problem.key) && (
        <p className="sg-form-error" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="sg-submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
