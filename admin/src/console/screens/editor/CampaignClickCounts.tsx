import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { Campaign } from '../../../../../model/site.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { analyticsHref, mayUseAnalytics } from '../analytics/analytics-access.ts';
import { campaignItemLabel, numberedByKind } from '../analytics/campaign-item-label.ts';
import { countText } from '../analytics/figures.ts';

/**
 * The click counts the campaign's side panels show visitors now (V §7), per banner and button of
 * the campaign as saved, and the way to the clicks by date in analytics. Asked again after each
 * save (`saved`), since a new item starts at its own count.
 */
export function CampaignClickCounts({ siteId, campaign }: { siteId: string; campaign: Campaign | undefined }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const ids = useId();
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each save hands a new campaign, whose new items' counts are asked again.
  useEffect(() => {
    const controller = new AbortController();
    request('GET /site/:id/campaign/click-counts', { params: { id: siteId } }, { quiet: true, signal: controller.signal })
      .then((answer) => setCounts(answer.counts))
      .catch(() => {});
    return () => controller.abort();
  }, [siteId, campaign]);
  const items = [
    ...(campaign?.banners ?? []).map((banner) => ({ id: banner.id, kind: 'banner' as const, text: '' })),
    ...(campaign?.buttons ?? []).map((button) => ({ id: button.id, kind: 'button' as const, text: button.buttonText })),
  ];
  return (
    <section className="card stack" aria-labelledby={`${ids}-title`} data-testid="campaign-click-counts">
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('cc.shown')}</h2>
        {account && mayUseAnalytics(account) && <Link href={`${analyticsHref(account.routePrefix, siteId)}?section=campaign`}>{t('cc.byDate')}</Link>}
      </div>
      <p className="hint">{t('cc.shownHint')}</p>
      {campaign && !campaign.isOnClickCount && (
        <p className="banner" role="note">
          {t('cc.off')}
        </p>
      )}
      {items.length === 0 ? (
        <p className="hint">{t('cc.none')}</p>
      ) : (
        <table className="campaign-clicks">
          <thead>
            <tr>
              <th scope="col">{t('cc.item')}</th>
              <th scope="col" className="numeric">
                {t('cc.clicks')}
              </th>
            </tr>
          </thead>
          <tbody>
            {numberedByKind(items).map(({ item, number }) => (
              <tr key={item.id} data-campaign-item={item.id}>
                <th scope="row">{campaignItemLabel(item, number, t)}</th>
                <td className="numeric">{counts ? countText(counts[item.id] ?? 0, lang) : '…'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
