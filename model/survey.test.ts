import { describe, expect, it } from 'vitest';
import { scoreSurveyResponse, surveyInputSchema } from './survey.ts';

const survey = surveyInputSchema.parse({
  title: 'Taste',
  questions: [
    {
      id: 'q1',
      title: 'Favourite?',
      type: 'SINGLE',
      options: [
        { id: 'a', value: 'Tea', points: 1 },
        { id: 'b', value: 'Coffee', points: 3 },
      ],
    },
    {
      id: 'q2',
      title: 'Also?',
      type: 'MULTIPLE',
      isRequired: false,
      options: [
        { id: 'c', value: 'Milk', points: 2 },
        { id: 'd', value: 'Sugar', points: 5 },
      ],
    },
    { id: 'q3', title: 'Why?', type: 'TEXT', isRequired: false },
  ],
});

describe('scoreSurveyResponse', () => {
  it('adds the points of the chosen options', () => {
    expect(scoreSurveyResponse(survey.questions, { q1: 'b', q2: ['c', 'd'], q3: ' warm ' })).toEqual({ ok: true, points: 10, answers: { q1: 'b', q2: ['c', 'd'], q3: 'warm' } });
  });
  it('requires required questions', () => {
    expect(scoreSurveyResponse(survey.questions, { q2: ['c'] })).toMatchObject({ ok: false, questionId: 'q1' });
  });
  it('refuses unknown options, unknown questions and two answers to a single choice', () => {
    expect(scoreSurveyResponse(survey.questions, { q1: 'z' })).toMatchObject({ ok: false, questionId: 'q1' });
    expect(scoreSurveyResponse(survey.questions, { q1: 'a', q9: 'x' })).toMatchObject({ ok: false, questionId: 'q9' });
    expect(scoreSurveyResponse(survey.questions, { q1: ['a', 'b'] })).toMatchObject({ ok: false, questionId: 'q1' });
  });
  it('refuses a choice question without options when the survey is written', () => {
    expect(surveyInputSchema.safeParse({ title: 'x', questions: [{ id: 'q', title: 'y', type: 'SINGLE' }] }).success).toBe(false);
  });
});
