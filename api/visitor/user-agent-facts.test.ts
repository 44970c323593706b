import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { deviceClass } from '../../model/visitor-event.ts';
import { userAgentFacts } from './user-agent-facts.ts';

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/8.5.0',
  '',
];

describe('userAgentFacts', () => {
  it('judges each user agent as isbot and deviceClass do, the first time and when remembered', () => {
    for (let round = 0; round < 2; round++) {
      for (const agent of AGENTS) expect(userAgentFacts(agent)).toEqual({ bot: isbot(agent), device: deviceClass(agent) });
    }
    expect(userAgentFacts(AGENTS[3]!).bot).toBe(true);
    expect(userAgentFacts(AGENTS[0]!)).toEqual({ bot: false, device: 'mobile' });
  });

  it('still judges right after more distinct agents than it remembers', () => {
    for (let i = 0; i < 2500; i++) userAgentFacts(`Mozilla/5.0 (Linux; Android 14; Build/${i}) Mobile`);
    expect(userAgentFacts('Mozilla/5.0 (Linux; Android 14; Build/7) Mobile')).toEqual({ bot: false, device: 'mobile' });
    expect(userAgentFacts('Googlebot/2.1').bot).toBe(true);
  });
});
