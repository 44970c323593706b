import { isbot } from 'isbot';
import { type DeviceClass, deviceClass } from '../../model/visitor-event.ts';

export type UserAgentFacts = { bot: boolean; device: DeviceClass };

/** Distinct user agents remembered at most; past it the memory starts again (browsers' strings are few, a flood of made-up ones only costs the regexes). */
const REMEMBERED_MAX = 2000;
const remembered = new Map<string, UserAgentFacts>();

/**
 * What analytics reads from a user agent: a bot (isbot) or which class of device. Every beacon
 * of a visitor repeats the same string, and isbot's expression of a few hundred alternatives was
 * a measurable share of an event call (bench/visitor.bench.ts): each string is judged once.
 */
export function userAgentFacts(userAgent: string): UserAgentFacts {
  let facts = remembered.get(userAgent);
  if (!facts) {
    facts = Object.freeze({ bot: isbot(userAgent), device: deviceClass(userAgent) });
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(userAgent, facts);
  }
  return facts;
}
