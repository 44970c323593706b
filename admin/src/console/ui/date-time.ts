const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The value a `datetime-local` input shows for a stored date-time (ISO 8601 with a zone), in
 * the browser's own zone; '' for none.
 * @example isoToLocalInput('2025-04-01T00:00:00Z') // '2025-04-01T09:00' in Tokyo
 */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * A `datetime-local` value (the browser's zone) as the stored form: ISO 8601 with that zone's
 * offset on that date, which the shared schemas accept; null for an empty input.
 * @example localInputToIso('2025-04-01T09:00') // '2025-04-01T09:00:00+09:00' in Tokyo
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds = '00'] = match;
  const at = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
  // getTimezoneOffset is minutes *behind* UTC: Tokyo is -540.
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${pad(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}${zone}`;
}
