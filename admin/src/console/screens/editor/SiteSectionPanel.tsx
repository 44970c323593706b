import { lazy, Suspense } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';

// Each section is its own chunk, loaded when the rail first opens it: the editor's first load is the page and its canvas.
const SettingsTab = lazy(async () => ({ default: (await import('./SettingsTab.tsx')).SettingsTab }));
const CreativesTab = lazy(async () => ({ default: (await import('./CreativesTab.tsx')).CreativesTab }));
const MenuTab = lazy(async () => ({ default: (await import('./MenuTab.tsx')).MenuTab }));
const OtherTab = lazy(async () => ({ default: (await import('./OtherTab.tsx')).OtherTab }));
const PopupTab = lazy(async () => ({ default: (await import('./PopupTab.tsx')).PopupTab }));
const CampaignTab = lazy(async () => ({ default: (await import('./CampaignTab.tsx')).CampaignTab }));
const NotificationsPanel = lazy(async () => ({ default: (await import('./NotificationsPanel.tsx')).NotificationsPanel }));
const PublishTab = lazy(async () => ({ default: (await import('./PublishTab.tsx')).PublishTab }));

/** The site-wide sections the rail opens beside the canvas, in the spec's order. */
export const SITE_SECTIONS = ['settings', 'creatives', 'menu', 'other', 'popup', 'campaign', 'notifications', 'publish'] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

/** A section's name in the console's language; publishing's differs from the bar's Publish button. */
export function sectionLabel(t: ReturnType<typeof useI18n>['t'], name: SiteSection): string {
  return name === 'publish' ? t('section.publish') : t(`tab.${name}`);
}

/**
 * A site section in the inspector's place, the canvas still beside it. Kept mounted (hidden) once
 * opened, so what is typed there survives a look at the page or at another section.
 */
export function SiteSectionPanel({ name, open, onClose, onOpenPage }: { name: SiteSection; open: boolean; onClose(): void; onOpenPage(id: string): void }) {
  const { t } = useI18n();
  const title = sectionLabel(t, name);
  return (
    <section className="site-panel" aria-labelledby={`site-panel-${name}`} hidden={!open}>
      <div className="site-panel-head">
        <h2 id={`site-panel-${name}`}>{title}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('closeSection')}
        </button>
      </div>
      <div className="site-panel-body">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          {name === 'settings' && <SettingsTab />}
          {name === 'creatives' && <CreativesTab onOpenPage={onOpenPage} />}
          {name === 'menu' && <MenuTab />}
          {name === 'other' && <OtherTab />}
          {name === 'popup' && <PopupTab />}
          {name === 'campaign' && <CampaignTab />}
          {name === 'notifications' && <NotificationsPanel />}
          {name === 'publish' && <PublishTab />}
        </Suspense>
      </div>
    </section>
  );
}
