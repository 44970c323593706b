import { useSession } from '../../session.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { useSurveys } from './use-surveys.ts';

/**
 * Which of the site's surveys a link leads to, chosen by title, with a way to write a new one.
 * The new survey opens in another tab so the form here keeps its typed work; the list is read
 * again when this tab comes back into focus. A stored id the list no longer has stays selected,
 * shown as unknown, rather than silently becoming "none".
 */
export function SurveyPicker({
  siteId,
  label,
  value,
  error,
  onChange,
}: {
  siteId: string;
  label: string;
  value: string | null;
  error?: { message?: string } | undefined;
  onChange(surveyId: string | null): void;
}) {
  const { t } = useI18n();
  const { account } = useSession();
  const surveys = useSurveys(siteId, true);
  const missing = value !== null && surveys !== null && !surveys.some((survey) => survey.id === value);
  const createHref = account ? `/${account.routePrefix}/survey/${siteId}/create` : null;
  return (
    <div className="survey-picker row">
      <Field label={label} error={error} hint={surveys?.length === 0 ? t('noSurveys') : undefined}>
        {(props) =>
          surveys === null ? (
            <p className="loading">{t('loading')}</p>
          ) : (
            <select {...props} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}>
              <option value="">{t('noSurveyChosen')}</option>
              {missing && <option value={value}>{t('unknownSurvey')}</option>}
              {surveys.map((survey) => (
                <option key={survey.id} value={survey.id}>
                  {survey.title}
                </option>
              ))}
            </select>
          )
        }
      </Field>
      {createHref && (
        <a href={createHref} target="_blank" rel="noreferrer" className="button secondary">
          {t('createSurvey')}
        </a>
      )}
    </div>
  );
}
