import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { messageIssues } from '../../../../../model/messages/issues.ts';
import { surveyInputSchema } from '../../../../../model/survey.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fieldErrors } from '../../i18n/messages.ts';
import { useSession } from '../../session.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { blankQuestion, draftToInput, move, newId, surveyToDraft, type OptionDraft, type QuestionDraft, type SurveyDraft } from './survey-form.ts';

const TYPES = ['SINGLE', 'MULTIPLE', 'TEXT'] as const;

/**
 * Creates or edits a survey: its title, description and whether visitors may answer it; its
 * questions in order (moved up and down), each with its answer type, whether it is required, and
 * for a choice question its options with their points. Checked with the API's own schema before
 * it is sent; a refusal puts each message beside its field and keeps what was typed.
 */
export default function SurveyEditor({ siteId, surveyId }: { siteId: string; surveyId?: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<SurveyDraft | null>(surveyId ? null : { title: '', description: '', isActive: true, questions: [blankQuestion()] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const base = `/${account!.routePrefix}/survey/${siteId}`;
  useEffect(() => {
    if (!surveyId) return;
    void request('GET /site/:id/survey/:surveyId', { params: { id: siteId, surveyId } })
      .then((survey) => setDraft(surveyToDraft(survey)))
      .catch(() => {});
  }, [siteId, surveyId]);
  if (!draft) return <p className="loading">{t('loading')}</p>;

  const setQuestion = (index: number, change: Partial<QuestionDraft>) =>
    setDraft({ ...draft, questions: draft.questions.map((question, at) => (at === index ? { ...question, ...change } : question)) });
  const setOption = (index: number, optionIndex: number, change: Partial<OptionDraft>) =>
    setQuestion(index, { options: draft.questions[index]!.options.map((option, at) => (at === optionIndex ? { ...option, ...change } : option)) });
  const showIssues = async (issues: Parameters<typeof fieldErrors>[0]) => {
    const found = await fieldErrors(issues, lang);
    setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message ?? ''])));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = draftToInput(draft);
    const parsed = surveyInputSchema.safeParse(input);
    if (!parsed.success) {
      await showIssues(messageIssues(parsed.error.issues, input));
      toast(t('sv.fix'), 'error');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = surveyId
        ? await request('PUT /site/:id/survey/:surveyId', { params: { id: siteId, surveyId }, body: parsed.data })
        : await request('POST /site/:id/survey', { params: { id: siteId }, body: parsed.data });
      toast(t('sv.saved'), 'success');
      navigate(`${base}/detail/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError) await showIssues(error.issues);
    } finally {
      setSaving(false);
    }
  };

  const err = (path: string) => (errors[path] ? { message: errors[path] } : undefined);
  return (
    <form className="card stack" noValidate onSubmit={save} aria-labelledby="survey-editor-title">
      <div className="row spread">
        <h1 id="survey-editor-title">{surveyId ? t('sv.edit') : t('sv.create')}</h1>
        <Link href={base}>{t('sn.back')}</Link>
      </div>
      <Field label={t('sv.title')} error={err('title')}>
        {(props) => <input {...props} value={draft.title} maxLength={50} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />}
      </Field>
      <Field label={t('sv.description')} error={err('description')}>
        {(props) => <textarea {...props} rows={2} value={draft.description} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />}
      </Field>
      <Check label={t('sv.active')} checked={draft.isActive} onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })} />
      <h2>{t('sv.questions')}</h2>
      {errors.questions && (
        <p className="field-error" role="alert">
          {errors.questions}
        </p>
      )}
      <ol className="survey-questions">
        {draft.questions.map((question, index) => {
          const n = index + 1;
          return (
            <li key={question.id} className="survey-question" aria-label={t('sv.question', { n })}>
              <div className="row spread">
                <strong>{t('sv.question', { n })}</strong>
                <div className="row">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('sv.moveUp', { n })}
                    disabled={index === 0}
                    onClick={() => setDraft({ ...draft, questions: move(draft.questions, index, -1) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('sv.moveDown', { n })}
                    disabled={index === draft.questions.length - 1}
                    onClick={() => setDraft({ ...draft, questions: move(draft.questions, index, 1) })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={t('sv.removeQuestion', { n })}
                    onClick={() => setDraft({ ...draft, questions: draft.questions.filter((_, at) => at !== index) })}
                  >
                    {t('sn.delete')}
                  </button>
                </div>
              </div>
              <Field label={t('sv.questionTitle')} error={err(`questions.${index}.title`)}>
                {(props) => <textarea {...props} rows={2} value={question.title} onChange={(event) => setQuestion(index, { title: event.target.value })} />}
              </Field>
              <div className="row">
                <Field label={t('sv.type')}>
                  {(props) => (
                    <select {...props} value={question.type} onChange={(event) => setQuestion(index, { type: TYPES.find((type) => type === event.target.value) ?? 'SINGLE' })}>
                      {TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`sv.type.${type}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Check label={t('sv.required')} checked={question.isRequired} onChange={(event) => setQuestion(index, { isRequired: event.target.checked })} />
              </div>
              {question.type !== 'TEXT' && (
                <fieldset className="stack">
                  <legend>{t('sv.options')}</legend>
                  {errors[`questions.${index}.options`] && (
                    <p className="field-error" role="alert">
                      {errors[`questions.${index}.options`]}
                    </p>
                  )}
                  {question.options.map((option, optionIndex) => (
                    <div key={option.id} className="survey-option">
                      <Field label={t('sv.option', { n: optionIndex + 1 })} error={err(`questions.${index}.options.${optionIndex}.value`)}>
                        {(props) => <input {...props} value={option.value} maxLength={50} onChange={(event) => setOption(index, optionIndex, { value: event.target.value })} />}
                      </Field>
                      <Field label={t('sv.pointsOf', { n: optionIndex + 1 })} error={err(`questions.${index}.options.${optionIndex}.points`)}>
                        {(props) => <input {...props} type="number" step={1} value={option.points} onChange={(event) => setOption(index, optionIndex, { points: event.target.value })} />}
                      </Field>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={t('sv.removeOption', { n: optionIndex + 1 })}
                        onClick={() => setQuestion(index, { options: question.options.filter((_, at) => at !== optionIndex) })}
                      >
                        ×
                      </button>
                    </div>
                  ))}
                  <div>
                    <button type="button" className="secondary" onClick={() => setQuestion(index, { options: [...question.options, { id: newId('o'), value: '', points: '0' }] })}>
                      {t('sv.addOption')}
                    </button>
                  </div>
                </fieldset>
              )}
            </li>
          );
        })}
      </ol>
      <div className="row">
        <button type="button" className="secondary" onClick={() => setDraft({ ...draft, questions: [...draft.questions, blankQuestion()] })}>
          {t('sv.addQuestion')}
        </button>
        <button type="submit" disabled={saving}>
          {t('sn.save')}
        </button>
      </div>
    </form>
  );
}
