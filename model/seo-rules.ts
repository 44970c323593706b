/**
 * The SEO character rules of back-office spec §5. Title and H1 allow letters (of any script),
 * digits, spaces, hyphen, pipe, colon, parentheses and brackets; the description, being
 * sentences, also takes sentence punctuation (docs/decisions.md, "SEO description punctuation:
 * the reading"), and still no underscore, emoji or other symbols; every field is free
 * of leading and trailing whitespace; body tags are only `<script src … defer></script>` and never
 * mention eval, setTimeout or setInterval.
 */
import type { MessageKey } from './messages/keys.ts';

/** The message key of each SEO rule (model/messages). */
export const SEO_MESSAGES = {
  whitespace: 'seoWhitespace',
  characters: 'seoCharacters',
  descriptionCharacters: 'seoDescriptionCharacters',
  bodyTags: 'seoBodyTags',
  forbiddenCall: 'seoForbiddenCall',
} as const satisfies Record<string, MessageKey>;

export type SeoProblem = (typeof SEO_MESSAGES)[keyof typeof SEO_MESSAGES];

// \p{L} and \p{M}: letters of every script with their combining marks (kana voicing, Hangul jamo);
// \p{N}: digits. Underscore, emoji and other symbols fall outside.
const SEO_TEXT = /^[\p{L}\p{M}\p{N} \-|:()[\]]*$/u;
// The title's set, the ideographic space, and the marks sentences are written with in the four
// languages: full stop, comma, question and exclamation marks, semicolon, apostrophe and quotes,
// dashes and ellipsis, and their CJK forms (。、・「」『』（）【】！？，．：；〜). Not %, &, #, @, *, /, _.
const SEO_SENTENCES = /^[\p{L}\p{M}\p{N} \u3000\-|:()[\].,!?;'"‘’“”–—…・。、！？，．：；「」『』（）【】〜～]*$/u;

/** A text of only whitespace counts as empty (in another language: not translated), not as a mistake. */
export function seoWhitespaceProblem(text: string): SeoProblem | null {
  return text.trim() !== '' && text !== text.trim() ? SEO_MESSAGES.whitespace : null;
}

/** The problem with a title or H1, or null when it follows the rules. */
export function seoTextProblem(text: string): SeoProblem | null {
  if (text.trim() === '') return null;
  return seoWhitespaceProblem(text) ?? (SEO_TEXT.test(text) ? null : SEO_MESSAGES.characters);
}

/** The problem with a meta description (sentences: punctuation allowed), or null when it follows the rules. */
export function seoDescriptionProblem(text: string): SeoProblem | null {
  if (text.trim() === '') return null;
  return seoWhitespaceProblem(text) ?? (SEO_SENTENCES.test(text) ? null : SEO_MESSAGES.descriptionCharacters);
}

const FORBIDDEN_CALL = /\b(eval|setTimeout|setInterval)\b/;
const SCRIPT_TAG = /^<script\b([^>]*)>\s*<\/script\s*>/i;
const ATTRIBUTE = /([a-zA-Z-]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** The problem with the body tags, or null when they are only external deferred scripts. */
export function bodyTagsProblem(html: string): SeoProblem | null {
  if (html.trim() === '') return null;
  const whitespace = seoWhitespaceProblem(html);
  if (whitespace) return whitespace;
  if (FORBIDDEN_CALL.test(html)) return SEO_MESSAGES.forbiddenCall;
  let rest = html;
  while (rest !== '') {
    const tag = SCRIPT_TAG.exec(rest);
    if (!tag) return SEO_MESSAGES.bodyTags;
    const attributes = new Map([...tag[1]!.matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), (m[2] ?? '').replace(/^["']|["']$/g, '')]));
    if (!attributes.get('src') || !attributes.has('defer')) return SEO_MESSAGES.bodyTags;
    rest = rest.slice(tag[0].length).trimStart();
  }
  return null;
}
