import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n.tsx';
import { useSession } from '../session.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const MANAGERS = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN'];

/** The signed-in frame: navigation, account, language. */
export function Layout({ children }: { children: ReactNode }) {
  const { account } = useSession();
  const { t } = useI18n();
  if (!account) return null;
  const prefix = `/${account.routePrefix}`;
  return (
    <div className="layout">
      <header className="bar">
        <strong>Swipegrid</strong>
        <nav aria-label="main">
          <Link href={`${prefix}/site-list`}>{t('sites')}</Link>
          {MANAGERS.includes(account.effectiveType) && <Link href={`${prefix}/user-list`}>{t('users')}</Link>}
          {/* Every account reads its admin list; only the account and its main contact change it. */}
          <Link href={`${prefix}/admin-list`}>{t('adminList')}</Link>
        </nav>
        <Link href={`${prefix}/api-keys`}>{t('apiKeys')}</Link>
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
