import type { Survey, SurveyInput } from '../../../../../model/survey.ts';

/** A question as the editor holds it: points typed as text until saved, so a half-typed "-" survives. */
export type OptionDraft = { id: string; value: string; points: string };
export type QuestionDraft = { id: string; title: string; type: 'SINGLE' | 'MULTIPLE' | 'TEXT'; isRequired: boolean; options: OptionDraft[] };
export type SurveyDraft = { title: string; description: string; isActive: boolean; questions: QuestionDraft[] };

/** Short, unique within the survey: the ids answers are stored under. */
export function newId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().slice(0, 8)}`;
}

export function blankQuestion(): QuestionDraft {
  return {
    id: newId('q'),
    title: '',
    type: 'SINGLE',
    isRequired: true,
    options: [
      { id: newId('o'), value: '', points: '0' },
      { id: newId('o'), value: '', points: '0' },
    ],
  };
}

export function surveyToDraft(survey: Survey): SurveyDraft {
  return {
    title: survey.title,
    description: survey.description,
    isActive: survey.isActive,
    questions: [...survey.questions]
      .sort((a, b) => a.orderNum - b.orderNum)
      .map((question) => ({ ...question, options: question.options.map((option) => ({ ...option, points: String(option.points) })) })),
  };
}

/**
 * The body the API takes: questions numbered in the order shown (the order visitors see), a
 * text question without options, points as numbers (a non-number stays, for the schema to refuse).
 */
export function draftToInput(draft: SurveyDraft): Record<keyof SurveyInput, unknown> {
  return {
    title: draft.title,
    description: draft.description,
    isActive: draft.isActive,
    questions: draft.questions.map((question, index) => ({
      id: question.id,
      title: question.title,
      type: question.type,
      isRequired: question.isRequired,
      orderNum: index + 1,
      options: question.type === 'TEXT' ? [] : question.options.map((option) => ({ id: option.id, value: option.value, points: option.points.trim() === '' ? 0 : Number(option.points) })),
    })),
  };
}

/** Moves the item at `from` by `step` places (−1 up, +1 down); unchanged at the ends. */
export function move<T>(items: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
