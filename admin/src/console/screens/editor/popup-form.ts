import type { Language } from '../../../../../model/language.ts';
import { settingsLinkTargetIssues } from '../../../../../model/link-targets.ts';
import { POPUP_KINDS, type PopupKind } from '../../../../../model/popup-cta.ts';
import { popupCtaItemSchema, type PopupCtas, type SiteSettings } from '../../../../../model/site.ts';
import { settingsResolver } from './settings-form.ts';

/** The popup tab's form: both kinds always filled, each with a switch; a kind switched off is none. */
export type PopupForm = { popupCtas: Required<PopupCtas>; enabled: Record<PopupKind, boolean> };

/** The form's starting values: the stored popups, a fresh default for a kind the site lacks. */
export function popupFormValues(stored: PopupCtas, newId: () => string): PopupForm {
  const filled = (kind: PopupKind) => stored[kind] ?? popupCtaItemSchema.parse({ id: newId() });
  return {
    popupCtas: { timeLimit: filled('timeLimit'), applicantLimit: filled('applicantLimit') },
    enabled: { timeLimit: Boolean(stored.timeLimit), applicantLimit: Boolean(stored.applicantLimit) },
  };
}

/** The popups to save: only the kinds switched on (the site has none of the others). */
export function enabledPopups(form: Pick<PopupForm, 'enabled'> & { popupCtas: PopupCtas }): PopupCtas {
  return Object.fromEntries(POPUP_KINDS.filter((kind) => form.enabled[kind]).map((kind) => [kind, form.popupCtas[kind]]));
}

/**
 * The popups the canvas should draw from what is typed: the switched-on kinds, each whole as the
 * schema reads it, or null while one is half typed (an empty size, a colour being typed), when the
 * canvas keeps the last whole ones. A plan without popups shows none, as its published site does.
 */
export function canvasPopupSettings(form: PopupForm, allowed: boolean): PopupCtas | null {
  if (!allowed) return {};
  const popups: PopupCtas = {};
  for (const kind of POPUP_KINDS) {
    if (!form.enabled[kind]) continue;
    const whole = popupCtaItemSchema.safeParse(form.popupCtas[kind]);
    if (!whole.success) return null;
    popups[kind] = whole.data;
  }
  return popups;
}

/**
 * Checks the switched-on popups as the API will, by siteSettingsSchema over the stored settings,
 * so a message lands on its own field (`popupCtas.timeLimit.endDate`); a switched-off popup's
 * leftover fields never block a save. Valid values are the whole settings as parsed.
 */
export function popupResolver(base: SiteSettings, lang: Language) {
  return settingsResolver(
    (form: PopupForm) => ({ ...base, popupCtas: enabledPopups(form) }),
    lang,
    base,
    (settings) => settingsLinkTargetIssues({ popupCtas: settings.popupCtas }),
  );
}
