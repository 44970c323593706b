import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../../../model/site.ts';
import { canvasPopupSettings, enabledPopups, popupFormValues, popupResolver, type PopupForm } from './popup-form.ts';

const base = siteSettingsSchema.parse({ name: 'Shop' });
let next = 0;
const newId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

type Result = { values: Partial<SiteSettings>; errors: Record<string, Record<string, Record<string, { message: string }>>> };
const resolve = (form: PopupForm) =>
  (popupResolver(base, 'en') as (values: unknown, context: unknown, options: unknown) => Promise<Result>)(form, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the popup form', () => {
  it('starts both kinds switched off with defaults when the site has no popup', () => {
    const form = popupFormValues({}, newId);
    expect(form.enabled).toEqual({ timeLimit: false, applicantLimit: false });
    expect(form.popupCtas.timeLimit.style.shape).toBe('PILL');
    expect(enabledPopups(form)).toEqual({});
  });

  it('saves only the kinds switched on', async () => {
    const form = popupFormValues({}, newId);
    form.enabled.applicantLimit = true;
    form.popupCtas.applicantLimit.limit = 30;
    form.popupCtas.applicantLimit.transition.externalLinkUrl = 'https://example.com/apply';
    const { values, errors } = await resolve(form);
    expect(errors).toEqual({});
    expect(Object.keys(values.popupCtas!)).toEqual(['applicantLimit']);
    expect(values.popupCtas!.applicantLimit!.limit).toBe(30);
  });

  it('refuses a switched-on popup that leads nowhere, beside its transition field', async () => {
    const form = popupFormValues({}, newId);
    form.enabled.timeLimit = true;
    form.popupCtas.timeLimit.transition.transitionType = 'CREATIVE_BLOCK';
    const { errors } = await resolve(form);
    expect(errors.popupCtas?.timeLimit).toEqual({ transition: { targetCreativeBlock: expect.objectContaining({ message: 'Choose where this leads.' }) } });
    expect(errors.popupCtas?.applicantLimit).toBeUndefined();
  });

  it('puts a message on the switched-on popup’s own field, and ignores a switched-off popup’s', async () => {
    const form = popupFormValues({}, newId);
    form.enabled.timeLimit = true;
    form.popupCtas.timeLimit.startDate = '2025-05-01T00:00:00+09:00';
    form.popupCtas.timeLimit.endDate = '2025-04-01T00:00:00+09:00';
    form.popupCtas.applicantLimit.style.textColor = 'not a colour';
    const { errors } = await resolve(form);
    expect(errors.popupCtas?.timeLimit?.endDate?.message).toBe('Invalid date range.');
    expect(errors.popupCtas?.applicantLimit).toBeUndefined();
  });

  it('reads a legacy LINK_TO_PAGE transition as CREATIVE_BLOCK', async () => {
    const form = popupFormValues({}, newId);
    form.enabled.timeLimit = true;
    (form.popupCtas.timeLimit.transition as { transitionType: string }).transitionType = 'LINK_TO_PAGE';
    form.popupCtas.timeLimit.transition.targetCreativeBlock = 'B2';
    const { values } = await resolve(form);
    expect(values.popupCtas!.timeLimit!.transition.transitionType).toBe('CREATIVE_BLOCK');
  });
});

describe('the popups the canvas draws from the form', () => {
  it('are the switched-on kinds as the schema reads them', () => {
    const form = popupFormValues({}, newId);
    expect(canvasPopupSettings(form, true)).toEqual({});
    form.enabled.applicantLimit = true;
    form.popupCtas.applicantLimit.limit = 30;
    const popups = canvasPopupSettings(form, true);
    expect(Object.keys(popups!)).toEqual(['applicantLimit']);
    expect(popups!.applicantLimit!.limit).toBe(30);
  });

  it('are none while a switched-on popup is half typed, whatever the switched-off one holds', () => {
    const form = popupFormValues({}, newId);
    form.enabled.timeLimit = true;
    form.popupCtas.timeLimit.style.width = Number.NaN;
    expect(canvasPopupSettings(form, true)).toBeNull();
    form.popupCtas.timeLimit.style.width = 280;
    form.popupCtas.timeLimit.linkButtonColor = '#33';
    expect(canvasPopupSettings(form, true)).toBeNull();
    form.enabled.timeLimit = false;
    expect(canvasPopupSettings(form, true)).toEqual({});
  });

  it('are none at all on a plan without popups', () => {
    const form = popupFormValues({}, newId);
    form.enabled.timeLimit = true;
    expect(canvasPopupSettings(form, false)).toEqual({});
  });
});
