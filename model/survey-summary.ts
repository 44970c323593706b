import { z } from 'zod';
import type { Language } from './language.ts';
import type { Survey, SurveyAnswers } from './survey.ts';

/**
 * What the owner reads of a survey's answers (B §3 "Survey: questions, points"), per question:
 * how many answered it; for a choice question each option's count and share of the answers and
 * the average points of those answers; for a text question its latest answers. Built one
 * response at a time, so a survey with many responses is summed as it is read.
 */
const surveyOptionCountSchema = z.object({ id: z.string(), value: z.string(), points: z.number().int(), count: z.number().int(), percent: z.number() });

const questionSummarySchema = z.object({
  questionId: z.string(),
  title: z.string(),
  type: z.enum(['SINGLE', 'MULTIPLE', 'TEXT']),
  answered: z.number().int(),
  options: z.array(surveyOptionCountSchema),
  /** The mean of the points its answers scored; null for a text question or none answered. */
  averagePoints: z.number().nullable(),
  /** A text question's latest answers, newest first (at most TEXT_SAMPLE). */
  texts: z.array(z.string()),
});

export const surveySummarySchema = z.object({
  responses: z.number().int(),
  /** The mean score of a response; null with none. */
  averagePoints: z.number().nullable(),
  questions: z.array(questionSummarySchema),
});

export type SurveySummary = z.output<typeof surveySummarySchema>;

/** How many text answers per question the summary keeps. */
const TEXT_SAMPLE = 20;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Sums responses (given newest first) into a summary. A percent is of the question's answers, so
 * a multiple-choice question's can add up past 100.
 * @example const summary = summarizeSurvey(survey); summary.add({ q1: 'o1' }, 3); summary.result()
 */
export function summarizeSurvey(survey: Pick<Survey, 'questions'>) {
  const questions = [...survey.questions].sort((a, b) => a.orderNum - b.orderNum);
  const counts = new Map(questions.map((question) => [question.id, new Map(question.options.map((option) => [option.id, 0]))]));
  const answered = new Map(questions.map((question) => [question.id, 0]));
  const pointSums = new Map(questions.map((question) => [question.id, 0]));
  const texts = new Map(questions.map((question) => [question.id, [] as string[]]));
  let responses = 0;
  let totalPoints = 0;
  return {
    add(answers: SurveyAnswers, points: number): void {
      responses += 1;
      totalPoints += points;
      for (const question of questions) {
        const answer = answers[question.id];
        if (answer === undefined || answer.length === 0) continue;
        answered.set(question.id, answered.get(question.id)! + 1);
        if (question.type === 'TEXT') {
          const kept = texts.get(question.id)!;
          if (typeof answer === 'string' && kept.length < TEXT_SAMPLE) kept.push(answer);
          continue;
        }
        const byOption = counts.get(question.id)!;
        let sum = 0;
        for (const id of typeof answer === 'string' ? [answer] : answer) {
          const option = question.options.find((candidate) => candidate.id === id);
          // An option removed since the answer was given counts for nothing.
          if (!option) continue;
          byOption.set(id, byOption.get(id)! + 1);
          sum += option.points;
        }
        pointSums.set(question.id, pointSums.get(question.id)! + sum);
      }
    },
    result(): SurveySummary {
      return {
        responses,
        averagePoints: responses === 0 ? null : round(totalPoints / responses),
        questions: questions.map((question) => {
          const n = answered.get(question.id)!;
          return {
            questionId: question.id,
            title: question.title,
            type: question.type,
            answered: n,
            options: question.options.map((option) => {
              const count = counts.get(question.id)!.get(option.id)!;
              return { id: option.id, value: option.value, points: option.points, count, percent: n === 0 ? 0 : round((count / n) * 100) };
            }),
            averagePoints: question.type === 'TEXT' || n === 0 ? null : round(pointSums.get(question.id)! / n),
            texts: texts.get(question.id)!,
          };
        }),
      };
    },
  };
}

/** The CSV's own column headers, in the language asked for (the question columns are the questions' titles). */
const CSV_HEADERS: Readonly<Record<Language, readonly [string, string, string]>> = {
  en: ['Answered at', 'Email', 'Points'],
  jp: ['回答日時', 'メールアドレス', 'ポイント'],
  cn: ['回答时间', '电子邮件', '积分'],
  kr: ['응답 일시', '이메일', '포인트'],
};

/** The header row of a survey's CSV export. */
export function surveyCsvHeader(survey: Pick<Survey, 'questions'>, lang: Language): string[] {
  return [...CSV_HEADERS[lang], ...[...survey.questions].sort((a, b) => a.orderNum - b.orderNum).map((question) => question.title)];
}

/** One response as a CSV row: choices by their text (several joined by " / "), text as typed. */
export function surveyCsvRow(survey: Pick<Survey, 'questions'>, response: { createdAt: string; email: string; points: number; answers: SurveyAnswers }): string[] {
  const questions = [...survey.questions].sort((a, b) => a.orderNum - b.orderNum);
  return [
    response.createdAt,
    response.email,
    String(response.points),
    ...questions.map((question) => {
      const answer = response.answers[question.id];
      if (answer === undefined) return '';
      if (question.type === 'TEXT') return typeof answer === 'string' ? answer : '';
      const label = (id: string) => question.options.find((option) => option.id === id)?.value ?? id;
      return (typeof answer === 'string' ? [answer] : answer).map(label).join(' / ');
    }),
  ];
}
