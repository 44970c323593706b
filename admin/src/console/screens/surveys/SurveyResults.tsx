import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { SurveyResponseView } from '../../../../../model/contracts/sites.ts';
import type { Survey } from '../../../../../model/survey.ts';
import type { SurveySummary } from '../../../../../model/survey-summary.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';

const LOCALES = { jp: 'ja', en: 'en', cn: 'zh', kr: 'ko' } as const;

/**
 * A survey's responses: the summary per question (each option's count and share, average points;
 * a text question's latest answers), every response with its points, and the CSV download
 * (the server streams it, its headers in the console's language).
 */
export default function SurveyResults({ siteId, surveyId }: { siteId: string; surveyId: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const [survey, setSurvey] = useState<Survey | null>(null);
  const [summary, setSummary] = useState<SurveySummary | null>(null);
  const [responses, setResponses] = useState<SurveyResponseView[] | null>(null);
  useEffect(() => {
    const params = { id: siteId, surveyId };
    void request('GET /site/:id/survey/:surveyId', { params })
      .then(setSurvey)
      .catch(() => {});
    void request('GET /site/:id/survey/:surveyId/summary', { params })
      .then(setSummary)
      .catch(() => {});
    void request('GET /site/:id/survey/:surveyId/responses', { params })
      .then((body) => setResponses(body.responses))
      .catch(() => setResponses([]));
  }, [siteId, surveyId]);
  const base = `/${account!.routePrefix}/survey/${siteId}`;
  if (!survey || !summary) return <p className="loading">{t('loading')}</p>;
  const questions = [...survey.questions].sort((a, b) => a.orderNum - b.orderNum);
  const answerText = (response: SurveyResponseView, questionId: string) => {
    const answer = response.answers[questionId];
    const question = questions.find((candidate) => candidate.id === questionId);
    if (answer === undefined || !question) return '';
    if (question.type === 'TEXT') return typeof answer === 'string' ? answer : '';
    return (typeof answer === 'string' ? [answer] : answer).map((id) => question.options.find((option) => option.id === id)?.value ?? id).join(' / ');
  };
  const number = (value: number | null) => (value === null ? '—' : value.toLocaleString(LOCALES[lang]));
  return (
    <section className="stack">
      <div className="card stack">
        <div className="row spread">
          <h1>{survey.title}</h1>
          <div className="row">
            <Link href={base}>{t('sn.back')}</Link>
            <Link href={`${base}/edit/${surveyId}`} className="button secondary">
              {t('edit')}
            </Link>
            <a className="button" href={`/api/site/${encodeURIComponent(siteId)}/survey/${encodeURIComponent(surveyId)}/export-csv?lang=${lang}`} download>
              {t('exportCsv')}
            </a>
          </div>
        </div>
        <p>
          {t('sv.responseCount', { n: summary.responses })} · {t('sv.averagePoints')}: {number(summary.averagePoints)}
        </p>
      </div>
      <section className="card stack" aria-labelledby="survey-summary-title">
        <h2 id="survey-summary-title">{t('sv.summary')}</h2>
        {summary.questions.map((question, index) => (
          <div key={question.questionId} className="stack survey-summary-question" data-question-id={question.questionId}>
            <h3>
              {index + 1}. {question.title}
            </h3>
            <p className="hint">
              {t('sv.answered', { n: question.answered })}
              {question.averagePoints !== null && ` · ${t('sv.averagePoints')}: ${number(question.averagePoints)}`}
            </p>
            {question.type === 'TEXT' ? (
              question.texts.length > 0 && (
                <ul aria-label={t('sv.latestTexts')}>
                  {question.texts.map((text, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same text may be answered twice
                    <li key={at}>{text}</li>
                  ))}
                </ul>
              )
            ) : (
              <table>
                <caption className="sr-only">{question.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('sv.options')}</th>
                    <th scope="col">{t('sv.points')}</th>
                    <th scope="col">{t('sv.count')}</th>
                    <th scope="col">{t('sv.share')}</th>
                  </tr>
                </thead>
                <tbody>
                  {question.options.map((option) => (
                    <tr key={option.id} data-option-id={option.id}>
                      <th scope="row">{option.value}</th>
                      <td>{option.points}</td>
                      <td className="option-count">{option.count}</td>
                      <td>
                        <span className="share-bar" aria-hidden="true" style={{ width: `${Math.min(option.percent, 100)}%` }} /> {number(option.percent)}%
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </section>
      <section className="card stack" aria-labelledby="survey-responses-title">
        <h2 id="survey-responses-title">{t('sv.results')}</h2>
        {responses === null ? (
          <p>{t('loading')}</p>
        ) : responses.length === 0 ? (
          <p>{t('sv.noResponses')}</p>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('sv.answeredAt')}</th>
                  <th scope="col">{t('sv.email')}</th>
                  <th scope="col">{t('sv.points')}</th>
                  {questions.map((question) => (
                    <th scope="col" key={question.id}>
                      {question.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {responses.map((response) => (
                  <tr key={response.id}>
                    <td>{new Date(response.createdAt).toLocaleString(LOCALES[lang])}</td>
                    <td>{response.email}</td>
                    <td>{response.points}</td>
                    {questions.map((question) => (
                      <td key={question.id}>{answerText(response, question.id)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
