/**
 * The honeypot of visitor forms: an input people never see (the viewer hides it and marks it
 * autocomplete="off"), which form-filling bots fill. A filled one gets the usual success answer
 * and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

/** Whether a visitor's body filled the honeypot: anything but absent, null or empty counts. */
export function caughtByHoneypot(body: { [HONEYPOT_FIELD]?: unknown }): boolean {
  const value = body[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
