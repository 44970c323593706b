import type { ReactNode } from 'react';
import '../../i18n/catalogue-analytics.ts';
import { useI18n, useMessages } from '../../i18n/i18n.tsx';

/** What an analytics screen shows where the account's plan lacks analytics: its title and why, without asking the API. */
export function AnalyticsLocked({ title, titleId }: { title: ReactNode; titleId: string }) {
  const { t } = useI18n();
  const m = useMessages();
  return (
    <section className="card stack" aria-labelledby={titleId}>
      {title}
      <div className="banner" role="alert" data-testid="analytics-locked">
        <h2>{t('an.locked')}</h2>
        <p>{m('planFeatureLocked')}</p>
      </div>
    </section>
  );
}
