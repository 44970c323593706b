import { externalDestination, pageDestination, type Destination } from '../../../model/destination.ts';
import { internalLinkSubPath } from '../../../model/internal-link.ts';
import { isPositionCode } from '../../../model/position.ts';
import type { PopupCtaItem } from '../../../model/site.ts';
import { isValidScript } from './cta-rules.ts';

type Transition = Omit<PopupCtaItem['transition'], 'transitionType'> & { transitionType: PopupCtaItem['transition']['transitionType'] | 'LINK_TO_PAGE' };

/**
 * What a click on a popup call to action does (V §3, §4), or null when it has nowhere to go.
 * INTERNAL_URL opens the contact, form or registration screen; CREATIVE_BLOCK (legacy
 * LINK_TO_PAGE) a position code or a page order; SCRIPT runs only when its text parses; SURVEY
 * needs a survey id.
 * @example popupDestination({ transitionType: 'INTERNAL_URL', internalLinkType: 'membership', … }) // { kind: 'screen', screen: 'register' }
 */
export function popupDestination(transition: Transition): Destination | null {
  switch (transition.transitionType) {
    case 'INTERNAL_URL':
      return transition.internalLinkType ? { kind: 'screen', screen: internalLinkSubPath(transition.internalLinkType) } : null;
    case 'EXTERNAL_URL':
      return externalDestination(transition.externalLinkUrl);
    case 'CREATIVE_BLOCK':
    case 'LINK_TO_PAGE': {
      const target = transition.targetCreativeBlock.trim();
      return isPositionCode(target) ? { kind: 'position', code: target.toUpperCase() } : pageDestination(target);
    }
    case 'SCRIPT':
      return transition.script.trim() && isValidScript(transition.script) ? { kind: 'script', source: transition.script } : null;
    case 'SURVEY':
      return transition.linkedSurveyId ? { kind: 'survey', surveyId: transition.linkedSurveyId } : null;
  }
}

/**
 * When a countdown's shown value next changes: at the next whole minute while it shows minutes,
 * the next whole hour otherwise (V §4 ticks by minute or hour). Days and the unit boundaries
 * (60 minutes, 72 hours) all fall on whole hours, so no change is missed.
 * @example nextTickMs(90_500, 60_000) // 30_500
 */
export function nextTickMs(leftMs: number, tickMs: number): number {
  if (leftMs <= 0) return 0;
  return ((leftMs - 1) % tickMs) + 1;
}

/** The popups open on a page: the page they opened on and their ids, in the order they opened. */
export type OpenPopups = { pageId: string; ids: string[] };

/**
 * Which popups are open once the visitor is on `pageId` with `active` applying there (V §4's
 * timing rules decide `active`) and `fresh` the active ones not yet shown in this visit. A popup
 * belongs to the page it opened on: one still open there stays while it applies; moving to
 * another page leaves it behind, and since it was shown it never opens again in the visit.
 * @example openPopups({ pageId: 'p1', ids: ['t'] }, 'p2', ['t', 'a'], ['a']) // { pageId: 'p2', ids: ['a'] }
 */
export function openPopups(previous: OpenPopups, pageId: string, active: readonly string[], fresh: readonly string[]): OpenPopups {
  const kept = previous.pageId === pageId ? previous.ids.filter((id) => active.includes(id) && !fresh.includes(id)) : [];
  return { pageId, ids: [...kept, ...fresh.filter((id) => active.includes(id))] };
}
