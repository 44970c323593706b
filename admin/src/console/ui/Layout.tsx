import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { request } from '../api/request.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { accountAnalyticsHref, mayUseAnalytics } from '../screens/analytics/analytics-access.ts';
import { mayReadDashboard } from '../screens/dashboard/dashboard-access.ts';
import { useSession } from '../session.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { UNREAD_CHANGED } from './unread-event.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { applyBranding } from './apply-branding.ts';

type Branding = { logoUrl: string; mainColor: string; textColor: string } | null;

/** The header's name: the OEM's logo when its branding has one, else the product's name. */
function Brand({ branding }: { branding: Branding }) {
  const { t } = useI18n();
  if (!branding?.logoUrl) return <strong className="brand">Swipegrid</strong>;
  return (
    <strong className="brand">
      <img className="brand-logo" src={branding.logoUrl} alt={t('brandLogo')} />
    </strong>
  );
}

const MANAGERS = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'];

/** Only the platform posts latest information and system notifications (B §6). */
const PLATFORM = ['MASTER', 'MASTER_USER'];
/** Who manages a catalogue of plans (the platform's, an OEM master's own) and who holds a plan it may change. */
const PLAN_MANAGERS = ['MASTER', 'MASTER_USER', 'OEM_MASTER'];
const PLAN_HOLDERS = ['OEM_MASTER', 'USER'];

/** The caller's unread system notifications, asked again on every move between screens and after marks. */
function useUnreadCount(): number | null {
  const [location] = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const [marks, setMarks] = useState(0);
  useEffect(() => {
    const changed = () => setMarks((n) => n + 1);
    window.addEventListener(UNREAD_CHANGED, changed);
    return () => window.removeEventListener(UNREAD_CHANGED, changed);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location and the marks are what ask again.
  useEffect(() => {
    let live = true;
    void request('GET /inbox/system_noti', {}, { quiet: true, noRefresh: true })
      .then((body) => live && setCount(body.unreadCount))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [location, marks]);
  return count;
}

/** The signed-in frame: navigation, account, language. */
export function Layout({ children }: { children: ReactNode }) {
  const { account } = useSession();
  const { t } = useI18n();
  const unread = useUnreadCount();
  const branding = account?.branding ?? null;
  useEffect(() => applyBranding(branding), [branding]);
  if (!account) return null;
  const prefix = `/${account.routePrefix}`;
  return (
    <div className="layout">
      <header className="bar">
        <Brand branding={branding} />
        <nav aria-label="main">
          {mayReadDashboard(account) && <Link href={`${prefix}/summary`}>{t('navSummary')}</Link>}
          <Link href={`${prefix}/site-list`}>{t('sites')}</Link>
          {mayUseAnalytics(account) && <Link href={accountAnalyticsHref(account.routePrefix)}>{t('navAnalytics')}</Link>}
          {MANAGERS.includes(account.effectiveType) && <Link href={`${prefix}/user-list`}>{t('users')}</Link>}
          {/* Every account reads its admin list; only the account and its main contact change it. */}
          <Link href={`${prefix}/admin-list`}>{t('adminList')}</Link>
          {PLAN_MANAGERS.includes(account.effectiveType) && <Link href={`${prefix}/plan-management`}>{t('planManagement')}</Link>}
          {PLAN_HOLDERS.includes(account.effectiveType) && <Link href={`${prefix}/plan`}>{t('navPlan')}</Link>}
          {PLATFORM.includes(account.effectiveType) && <Link href={`${prefix}/latest-information`}>{t('latestInformation')}</Link>}
          {PLATFORM.includes(account.effectiveType) && <Link href={`${prefix}/system-notification`}>{t('systemNotifications')}</Link>}
        </nav>
        <Link href={`${prefix}/api-keys`}>{t('apiKeys')}</Link>
        <Link href={`${prefix}/inbox`} className="inbox-link" aria-label={unread ? `${t('inbox')} (${t('unreadCount', { n: unread })})` : t('inbox')}>
          {t('inbox')}
          {unread ? (
            <span className="unread-count" data-unread={unread}>
              {unread}
            </span>
          ) : null}
        </Link>
        <LanguageSwitch />
        <AccountMenu email={account.email} logoUrl={account.logoUrl} profileHref={`${prefix}/account`} />
      </header>
      <main>{children}</main>
    </div>
  );
}

/** The branding of the host the console was opened on (an OEM's own admin host), before anyone signs in. */
function useHostBranding(): Branding {
  const [branding, setBranding] = useState<Branding>(null);
  useEffect(() => {
    let live = true;
    void request('GET /branding/login', {}, { quiet: true, noRefresh: true })
      .then((body) => {
        if (!live) return;
        setBranding(body.branding);
        applyBranding(body.branding);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return branding;
}

/** A page frame for the public screens. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const branding = useHostBranding();
  return (
    <div className="public">
      <header className="bar">
        <Brand branding={branding} />
        <LanguageSwitch />
      </header>
      <main className="narrow">
        <section className="card">
          <h1>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
