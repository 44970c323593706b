import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { request } from '../api/request.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { accountAnalyticsHref, mayUseAnalytics } from '../screens/analytics/analytics-access.ts';
import { useSession } from '../session.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { UNREAD_CHANGED } from './unread-event.ts';

const MANAGERS = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'];

/** Only the platform posts latest information and system notifications (B §6). */
const PLATFORM = ['MASTER', 'MASTER_USER'];

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
  if (!account) return null;
  const prefix = `/${account.routePrefix}`;
  return (
    <div className="layout">
      <header className="bar">
        <strong>Swipegrid</strong>
        <nav aria-label="main">
          <Link href={`${prefix}/site-list`}>{t('sites')}</Link>
          {mayUseAnalytics(account) && <Link href={accountAnalyticsHref(account.routePrefix)}>{t('navAnalytics')}</Link>}
          {MANAGERS.includes(account.effectiveType) && <Link href={`${prefix}/user-list`}>{t('users')}</Link>}
          {/* Every account reads its admin list; only the account and its main contact change it. */}
          <Link href={`${prefix}/admin-list`}>{t('adminList')}</Link>
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
        <span className="account">{account.email}</span>
        <LanguageSwitch />
        <Link href="/log-out" className="logout">
          {t('signOut')}
        </Link>
      </header>
      <main>{children}</main>
    </div>
  );
}

/** A page frame for the public screens. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="public">
      <header className="bar">
        <strong>Swipegrid</strong>
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
