/** Ids in paths and keys (site ids are UUIDs; tests and imports use shorter slugs). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
