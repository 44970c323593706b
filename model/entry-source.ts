/**
 * Where a visit came from, as the analytics filter names it: a campaign (any UTM parameter), a
 * search engine, a social network, another site (referral), or nothing known (direct). Read from
 * the landing's referring host and UTM parameters; the site's own pages never refer a landing.
 */
export const ENTRY_SOURCES = ['direct', 'search', 'social', 'referral', 'campaign'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

const SEARCH = /(^|\.)(google|bing|yahoo|duckduckgo|baidu|naver|yandex|ecosia|search\.brave|daum)\.[a-z.]+$/;
const SOCIAL = /(^|\.)(facebook|fb|instagram|twitter|x|t|line|lin\.ee|tiktok|youtube|youtu|linkedin|pinterest|threads|reddit|note|ameblo|weibo|kakao)\.[a-z.]+$/;

/**
 * @example entrySource({ referrerHost: 'www.google.co.jp' }) // 'search'
 * @example entrySource({ referrerHost: 't.co', utmSource: 'spring' }) // 'campaign'
 */
export function entrySource(landing: { referrerHost?: string | null; utmSource?: string | null; utmMedium?: string | null; utmCampaign?: string | null }): EntrySource {
  if (landing.utmSource || landing.utmMedium || landing.utmCampaign) return 'campaign';
  const host = landing.referrerHost?.toLowerCase();
  if (!host) return 'direct';
  if (SEARCH.test(host)) return 'search';
  if (SOCIAL.test(host)) return 'social';
  return 'referral';
}
