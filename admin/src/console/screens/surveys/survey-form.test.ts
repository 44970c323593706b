import { describe, expect, it } from 'vitest';
import { surveyInputSchema, surveySchema } from '../../../../../model/survey.ts';
import { blankQuestion, draftToInput, move, surveyToDraft, type SurveyDraft } from './survey-form.ts';

describe('the survey editor’s form', () => {
  it('numbers questions in the order shown and drops a text question’s options', () => {
    const draft: SurveyDraft = {
      title: 'Taste',
      description: '',
      isActive: true,
      questions: [
        { id: 'q2', title: 'Why?', type: 'TEXT', isRequired: false, options: [{ id: 'x', value: 'left over', points: '3' }] },
        { id: 'q1', title: 'Tea?', type: 'SINGLE', isRequired: true, options: [{ id: 'tea', value: 'Tea', points: '-2' }] },
      ],
    };
    const input = surveyInputSchema.parse(draftToInput(draft));
    expect(input.questions.map((question) => [question.id, question.orderNum, question.options.length])).toEqual([
      ['q2', 1, 0],
      ['q1', 2, 1],
    ]);
    expect(input.questions[1]!.options[0]!.points).toBe(-2);
  });

  it('lets the schema refuse points that are not a number and a choice question without options', () => {
    const bad = blankQuestion();
    bad.title = 'Pick';
    bad.options = [{ id: 'o1', value: 'A', points: 'lots' }];
    expect(surveyInputSchema.safeParse(draftToInput({ title: 'T', description: '', isActive: true, questions: [bad] })).success).toBe(false);
    const empty = { ...bad, options: [] };
    expect(surveyInputSchema.safeParse(draftToInput({ title: 'T', description: '', isActive: true, questions: [empty] })).success).toBe(false);
  });

  it('moves a question up and down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads a stored survey back in its order, points as text', () => {
    const draft = surveyToDraft(
      surveySchema.parse({
        id: 's1',
        siteId: 'site1',
        title: 'T',
        questions: [
          { id: 'b', title: 'B', orderNum: 2, options: [{ id: 'o', value: 'O', points: 5 }] },
          { id: 'a', title: 'A', orderNum: 1, options: [{ id: 'o', value: 'O' }] },
        ],
      }),
    );
    expect(draft.questions.map((question) => question.id)).toEqual(['a', 'b']);
    expect(draft.questions[1]!.options[0]!.points).toBe('5');
  });
});
