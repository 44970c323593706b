import type { VisitorSubPath } from './visitor-path.ts';

// No zod here: the visitor viewer reads these rules in the browser, where every byte is paid for.

/** The site screens an internal link can open. */
export const INTERNAL_LINK_TYPES = ['contact', 'form', 'membership', 'register', 'login', 'survey'] as const;

export type InternalLinkType = (typeof INTERNAL_LINK_TYPES)[number];

const INTERNAL_LINK_SUB_PATHS: Readonly<Record<InternalLinkType, VisitorSubPath>> = {
  contact: 'contact',
  form: 'forms',
  membership: 'register',
  register: 'register',
  login: 'login',
  survey: 'survey',
};

/** Whether a link destination names one of the internal screens. */
export function isInternalLinkType(value: string): value is InternalLinkType {
  return (INTERNAL_LINK_TYPES as readonly string[]).includes(value);
}

/**
 * The visitor sub-path an internal link opens.
 * @example internalLinkSubPath('membership') // 'register'
 */
export function internalLinkSubPath(type: InternalLinkType): VisitorSubPath {
  return INTERNAL_LINK_SUB_PATHS[type];
}
