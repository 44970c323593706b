import { Link } from 'wouter';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { OWNER_DATA_KINDS, ownerDataHref, type OwnerDataKind } from './owner-data-kinds.ts';

/** Links to a site's members, contacts and form entries; the one shown is marked current. */
export function OwnerDataNav({ siteId, current }: { siteId: string; current?: OwnerDataKind }) {
  const { t } = useI18n();
  const { account } = useSession();
  if (!account) return null;
  return (
    <nav aria-label={t('ownerData.nav')} className="row owner-data-nav">
      {OWNER_DATA_KINDS.map((kind) => (
        <Link key={kind} href={ownerDataHref(account.routePrefix, kind, siteId)} aria-current={kind === current ? 'page' : undefined} className="button secondary">
          {t(`ownerData.${kind}`)}
        </Link>
      ))}
    </nav>
  );
}
