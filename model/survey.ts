import { z } from 'zod';
import { INPUT_LENGTHS, TEXT_MAX } from './constants.ts';
import { idSchema, optionalText, requiredText } from './validation.ts';
import type { VisitorMessageKey } from './messages/keys.ts';

/**
 * Surveys (B §3 "Survey: questions, points"; V §3 "Survey state: answers {questionId}, email").
 * The spec names no more; a question is answered by one choice, several choices or free text,
 * and each choice may carry points that add up to the response's score.
 */
export const surveyQuestionTypeSchema = z.enum(['SINGLE', 'MULTIPLE', 'TEXT']);

export const surveyOptionSchema = z.object({
  id: idSchema,
  value: requiredText(TEXT_MAX),
  points: z.number().int().min(-1000).max(1000).default(0),
});

export const surveyQuestionSchema = z
  .object({
    id: idSchema,
    title: requiredText(INPUT_LENGTHS.textarea),
    type: surveyQuestionTypeSchema.default('SINGLE'),
    options: z.array(surveyOptionSchema).default(() => []),
    isRequired: z.boolean().default(true),
    orderNum: z.number().int().min(0).default(0),
  })
  .superRefine((question, ctx) => {
    if (question.type !== 'TEXT' && question.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'addOption' });
    if (new Set(question.options.map((option) => option.id)).size !== question.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'duplicateId' });
  });

/** What an owner writes; the id is the server's. */
export const surveyInputSchema = z
  .object({
    title: requiredText(TEXT_MAX),
    description: optionalText(INPUT_LENGTHS.long),
    isActive: z.boolean().default(true),
    questions: z.array(surveyQuestionSchema).min(1, 'addQuestion').max(100),
  })
  .superRefine((survey, ctx) => {
    if (new Set(survey.questions.map((question) => question.id)).size !== survey.questions.length) ctx.addIssue({ code: 'custom', path: ['questions'], message: 'duplicateId' });
  });

export const surveySchema = surveyInputSchema.safeExtend({ id: idSchema, siteId: idSchema });

/** A visitor's answers: by question id, an option id, several option ids, or text. */
export const surveyResponseInputSchema = z.object({
  answers: z.record(idSchema, z.union([z.string().max(INPUT_LENGTHS.long), z.array(idSchema).max(100)])),
  email: z.email({ error: 'invalidEmail' }).max(256),
});

export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;
export type SurveyInput = z.output<typeof surveyInputSchema>;
export type Survey = z.output<typeof surveySchema>;
export type SurveyResponseInput = z.output<typeof surveyResponseInputSchema>;
export type SurveyAnswers = SurveyResponseInput['answers'];

export type SurveyScore = { ok: true; answers: SurveyAnswers; points: number } | { ok: false; questionId: string; key: VisitorMessageKey };

/**
 * Checks answers against a survey's questions and adds up the points of the choices made.
 * A required question must be answered; a single choice is one of its option ids, a multiple
 * choice a list of them, a text question a string. Answers to unknown questions are refused.
 * @example scoreSurveyResponse(questions, { q1: 'o2' }) // { ok: true, points: 3, … }
 */
export function scoreSurveyResponse(questions: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyScore {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const unknown = Object.keys(answers).find((id) => !byId.has(id));
  if (unknown !== undefined) return { ok: false, questionId: unknown, key: 'unknownQuestion' };
  let points = 0;
  const kept: SurveyAnswers = {};
  for (const question of questions) {
    const answer = answers[question.id];
    const blank = answer === undefined || (typeof answer === 'string' ? answer.trim() === '' : answer.length === 0);
    if (blank) {
      if (question.isRequired) return { ok: false, questionId: question.id, key: 'requiredFields' };
      continue;
    }
    const options = new Map(question.options.map((option) => [option.id, option.points]));
    if (question.type === 'TEXT') {
      if (typeof answer !== 'string') return { ok: false, questionId: question.id, key: 'answerWithText' };
      kept[question.id] = answer.trim();
      continue;
    }
    const chosen = typeof answer === 'string' ? [answer] : [...new Set(answer)];
    if (question.type === 'SINGLE' && chosen.length !== 1) return { ok: false, questionId: question.id, key: 'chooseOneOption' };
    if (!chosen.every((id) => options.has(id))) return { ok: false, questionId: question.id, key: 'invalidOption' };
    points += chosen.reduce((sum, id) => sum + options.get(id)!, 0);
    kept[question.id] = question.type === 'SINGLE' ? chosen[0]! : chosen;
  }
  return { ok: true, answers: kept, points };
}
