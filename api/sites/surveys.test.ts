import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

let ctx: TestContext;
let siteId: string;

beforeEach(async () => {
  ctx = await createTestContext();
  siteId = (await ctx.createSite({ numberHorizontal: 1, numberVertical: 1 })).id;
  await ctx.publish(siteId);
});

afterEach(async () => {
  await ctx.cleanup();
});

const SURVEY = {
  title: 'Your taste',
  questions: [
    { id: 'q2', title: 'Anything else?', type: 'TEXT', isRequired: false, orderNum: 2 },
    {
      id: 'q1',
      title: 'Tea or coffee?',
      type: 'SINGLE',
      orderNum: 1,
      options: [
        { id: 'tea', value: 'Tea', points: 1 },
        { id: 'coffee', value: 'Coffee', points: 4 },
      ],
    },
  ],
};

async function createSurvey(body: unknown = SURVEY): Promise<string> {
  const response = await ctx.request(`/api/site/${siteId}/survey`, { method: 'POST', json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const respond = async (surveyId: string, json: unknown) => await ctx.visit(`/api/survey/${surveyId}/response`, { site: siteId, method: 'POST', json, ip: '192.0.2.60' });

describe('surveys', () => {
  it('lists a site’s active surveys and shows questions in order without their points', async () => {
    const id = await createSurvey();
    await createSurvey({ ...SURVEY, title: 'Hidden', isActive: false });
    const list = await ctx.visit(`/api/end-user/survey?site_id=${siteId}`, { site: siteId });
    expect(await list.json()).toEqual({ surveys: [{ id, title: 'Your taste', description: '' }] });
    const questions = (await (await ctx.visit(`/api/survey/${id}/questions`, { site: siteId })).json()) as { questions: { id: string; options: Record<string, unknown>[] }[] };
    expect(questions.questions.map((question) => question.id)).toEqual(['q1', 'q2']);
    expect(questions.questions[0]!.options).toEqual([
      { id: 'tea', value: 'Tea' },
      { id: 'coffee', value: 'Coffee' },
    ]);
  });

  it('stores a response with its points, which the owner reads', async () => {
    const id = await createSurvey();
    const response = await respond(id, { answers: { q1: 'coffee', q2: 'Strong, please' }, email: 'Ann@Example.com', lang: 'en' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: 'Thank you. Your message has been sent.' });
    const owner = (await (await ctx.request(`/api/site/${siteId}/survey/${id}/responses`)).json()) as { responses: unknown[] };
    expect(owner.responses).toEqual([{ id: expect.any(String), email: 'ann@example.com', answers: { q1: 'coffee', q2: 'Strong, please' }, points: 4, createdAt: expect.any(String) }]);
  });

  it('refuses a missing required answer, an unknown option, a bad email, naming the question', async () => {
    const id = await createSurvey();
    const cases: [unknown, string][] = [
      [{ answers: {}, email: 'a@b.jp' }, 'Tea or coffee?: Please enter all required fields.'],
      [{ answers: { q1: 'milk' }, email: 'a@b.jp' }, 'Tea or coffee?: Choose one of the options.'],
      [{ answers: { q1: 'tea' }, email: 'nope' }, 'email: Invalid email address.'],
      [{ answers: { q1: 'tea', q9: 'x' }, email: 'a@b.jp' }, 'q9: This question is not part of the survey.'],
    ];
    for (const [body, message] of cases) {
      const response = await respond(id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(((await (await ctx.request(`/api/site/${siteId}/survey/${id}/responses`)).json()) as { responses: unknown[] }).responses).toEqual([]);
  });

  it('answers 404 for an inactive or unknown survey, and for another owner’s site on the admin side', async () => {
    const hidden = await createSurvey({ ...SURVEY, isActive: false });
    expect((await ctx.visit(`/api/survey/${hidden}/questions`, { site: siteId })).status).toBe(404);
    expect((await respond(hidden, { answers: { q1: 'tea' }, email: 'a@b.jp' })).status).toBe(404);
    expect((await ctx.visit('/api/survey/unknown/questions', { site: siteId })).status).toBe(404);
    expect((await ctx.request('/api/site/unknown/survey')).status).toBe(404);
  });

  it('refuses a survey without questions or with a choice question without options, and updates one whole', async () => {
    expect((await ctx.request(`/api/site/${siteId}/survey`, { method: 'POST', json: { title: 'x', questions: [] } })).status).toBe(400);
    expect((await ctx.request(`/api/site/${siteId}/survey`, { method: 'POST', json: { title: 'x', questions: [{ id: 'q', title: 'y', type: 'MULTIPLE' }] } })).status).toBe(400);
    const id = await createSurvey();
    const updated = await ctx.request(`/api/site/${siteId}/survey/${id}`, { method: 'PUT', json: { ...SURVEY, title: 'Renamed' } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id, siteId, title: 'Renamed' });
    expect((await ctx.request(`/api/site/${siteId}/survey/unknown`, { method: 'PUT', json: SURVEY })).status).toBe(404);
  });

  it('drops a response whose honeypot is filled, answering as if it worked', async () => {
    const id = await createSurvey();
    expect((await respond(id, { answers: { q1: 'tea' }, email: 'bot@example.com', website: 'x' })).status).toBe(201);
    expect(((await (await ctx.request(`/api/site/${siteId}/survey/${id}/responses`)).json()) as { responses: unknown[] }).responses).toEqual([]);
  });
});
