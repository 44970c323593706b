import { Link } from 'wouter';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { analyticsHref, mayUseAnalytics } from './analytics-access.ts';

/** The way to a site's analytics from the site list and the editor; absent where the plan has no analytics. */
export function AnalyticsLink({ siteId, siteName, className }: { siteId: string; siteName?: string; className?: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  if (!account || !mayUseAnalytics(account)) return null;
  return (
    <Link href={analyticsHref(account.routePrefix, siteId)} className={className} aria-label={siteName ? `${t('analytics')}: ${siteName}` : undefined}>
      {t('analytics')}
    </Link>
  );
}
