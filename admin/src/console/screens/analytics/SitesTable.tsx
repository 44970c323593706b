import { useId } from 'react';
import { Link } from 'wouter';
import type { AccountSiteFigures } from '../../../../../model/analytics-report.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { countText, shareText } from './figures.ts';

type Props = { sites: readonly AccountSiteFigures[]; hrefOf(siteId: string): string };

/** Each site's users, swipe PV, CV and CV rate over the range; a site's name opens its own analytics with the same filters. */
export function SitesTable({ sites, hrefOf }: Props) {
  const { t, lang } = useI18n();
  const id = useId();
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{t('an.account.sites')}</h2>
      {sites.length === 0 ? (
        <p className="hint">{t('an.account.none')}</p>
      ) : (
        <table data-testid="account-sites">
          <thead>
            <tr>
              <th scope="col">{t('an.account.site')}</th>
              <th scope="col">{t('an.kpi.users')}</th>
              <th scope="col">{t('an.kpi.swipePv')}</th>
              <th scope="col">{t('an.kpi.cv')}</th>
              <th scope="col">{t('an.kpi.cvRate')}</th>
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site.siteId} data-site={site.siteId}>
                <th scope="row">
                  <Link href={hrefOf(site.siteId)} aria-label={t('an.account.open', { name: site.name })}>
                    {site.name}
                  </Link>
                </th>
                <td>{countText(site.users, lang)}</td>
                <td>{countText(site.swipePv, lang)}</td>
                <td>{countText(site.cv, lang)}</td>
                <td>{shareText(site.cvRate, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
