import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ContractResponse } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import { visitorCall } from '../viewer/visitor-call.ts';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';

type Survey = ContractResponse<typeof visitorContracts.surveyQuestions>;
type Answers = Record<string, string | string[]>;

/**
 * The survey screen (V §2, §7): `?survey_id=` names the survey a button or link area opened;
 * without it, the site's active surveys are listed. Answers go by question id with an email.
 */
export default function SurveyScreen({ site }: { site: ScreenSite }) {
  const { lang, siteId } = site;
  const [survey, setSurvey] = useState<Survey | null>(null);
  const [list, setList] = useState<{ id: string; title: string }[] | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const surveyId = new URLSearchParams(window.location.search).get('survey_id');
    if (surveyId) {
      void visitorCall('GET /survey/:id/questions', { params: { id: surveyId } }, { lang }).then((answer) => (answer.ok ? setSurvey(answer.data) : setError(answer.message)));
    } else {
      void visitorCall('GET /end-user/survey', { params: {}, query: { site_id: siteId } }, { lang }).then((answer) => (answer.ok ? setList(answer.data.surveys) : setError(answer.message)));
    }
  }, [lang, siteId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!survey) return;
    const trap = honeypot.current?.value ? { website: honeypot.current.value } : {};
    const answer = await visitorCall('POST /survey/:id/response', { params: { id: survey.id }, body: { answers, email: email.trim(), lang, ...trap } }, { lang });
    if (answer.ok) setDone(answer.data.message);
    else setError(answer.message);
  };

  const set = (id: string, value: string | string[]) => setAnswers((current) => ({ ...current, [id]: value }));
  return (
    <>
      <h1 className="sg-screen-title">{survey?.title ?? st('surveyTitle', lang)}</h1>
      {survey?.description && <p>{survey.description}</p>}
      {done ? (
        <p className="sg-sent" role="status">
          {done}
        </p>
      ) : survey ? (
        <form className="sg-form" noValidate onSubmit={submit}>
          {survey.questions.map((question) => {
            const value = answers[question.id];
            return question.type === 'TEXT' ? (
              <div key={question.id} className="sg-field">
                <label htmlFor={`sg-q-${question.id}`}>
                  {question.title}
                  {question.isRequired && <span className="sg-required"> *</span>}
                </label>
                <textarea id={`sg-q-${question.id}`} value={typeof value === 'string' ? value : ''} onInput={(event) => set(question.id, event.currentTarget.value)} />
              </div>
            ) : (
              <fieldset key={question.id} className="sg-field sg-options">
                <legend>
                  {question.title}
                  {question.isRequired && <span className="sg-required"> *</span>}
                </legend>
                {question.options.map((option) => (
                  <label key={option.id} className="sg-option">
                    <input
                      type={question.type === 'SINGLE' ? 'radio' : 'checkbox'}
                      name={question.id}
                      checked={question.type === 'SINGLE' ? value === option.id : Array.isArray(value) && value.includes(option.id)}
                      onChange={(event) => {
                        if (question.type === 'SINGLE') return set(question.id, option.id);
                        const ticked = Array.isArray(value) ? value : [];
                        set(question.id, event.currentTarget.checked ? [...ticked, option.id] : ticked.filter((id) => id !== option.id));
                      }}
                    />
                    {option.value}
                  </label>
                ))}
              </fieldset>
            );
          })}
          <div className="sg-field">
            <label htmlFor="sg-survey-email">
              {st('email', lang)}
              <span className="sg-required"> *</span>
            </label>
            <input id="sg-survey-email" type="email" autoComplete="email" value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
          </div>
          <div className="sg-honeypot" aria-hidden="true">
            <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {error && (
            <p className="sg-form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="sg-submit">
            {st('send', lang)}
          </button>
        </form>
      ) : list ? (
        list.length === 0 ? (
          <p>{st('noSurvey', lang)}</p>
        ) : (
          <ul className="sg-survey-list">
            {list.map((item) => (
              <li key={item.id}>
                <a href={`?survey_id=${encodeURIComponent(item.id)}`}>{item.title}</a>
              </li>
            ))}
          </ul>
        )
      ) : error ? (
        <p className="sg-form-error" role="alert">
          {error}
        </p>
      ) : (
        <span className="sg-spinner sg-screen-spinner" role="status" aria-label={st('loading', lang)} />
      )}
    </>
  );
}
