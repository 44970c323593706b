/** Page orders typed as "1, 3, 5" and kept as numbers. */
export const pageOrdersField = {
  setValueAs: (value: unknown) => (Array.isArray(value) ? value : String(value ?? '').split(',').map((part) => part.trim()).filter(Boolean).map(Number)),
};

/** An optional date-time typed as ISO 8601 with a zone; empty is none. */
export const optionalDateField = { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) };
