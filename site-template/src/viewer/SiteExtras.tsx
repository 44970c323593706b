import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isCampaignOnPage } from '../../../model/campaign-rules.ts';
import { IDLE_TIMEOUT_MS } from '../../../model/constants.ts';
import type { Destination } from '../../../model/destination.ts';
import { isPopupCtaActive } from '../../../model/popup-cta.ts';
import type { GridPage, ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import { useCanvasPopups } from './canvas-mode.ts';
import { editedPopupViews } from './canvas-popups.ts';
import { trackPageClicks } from './click-tracking.ts';
import { loadExtras, loadNotifications } from './extras-source.ts';
import type { SiteExtrasData } from './extras-types.ts';

const LivePopup = lazy(() => import('./LivePopup.tsx'));
const NotificationBanner = lazy(() => import('./NotificationBanner.tsx'));
const CampaignPanels = lazy(() => import('./CampaignPanels.tsx'));

type Props = { site: SiteSnapshot; gridPage: GridPage | undefined; page: ResolvedPage | undefined; onNavigate: (destination: Destination) => void };

/** setTimeout's longest delay; a later change is asked about again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What the viewer shows beside its pages from the saved settings (popup CTAs, notifications,
 * campaign side panels) and the analytics it sends. The settings are read once the page is idle
 * (V §9: idle callback, 2000 ms timeout), so the first paint and the largest image wait for
 * none of it; each part's code is fetched only when the API says it has something to show.
 */
export default function SiteExtras({ site, gridPage, page, onNavigate }: Props) {
  const { siteId, basePath, lang } = site;
  const [data, setData] = useState<SiteExtrasData | null>(null);
  const [nextChangeInMs, setNextChangeInMs] = useState<number | null>(null);
  // In the editor's canvas, the popup settings being edited replace the saved ones.
  const edited = useCanvasPopups();
  const where = useRef({ siteId: site.siteId, lang: site.lang, cookieless: site.cookieless, pageId: gridPage?.id, position: gridPage?.position });
  where.current = { siteId: site.siteId, lang: site.lang, cookieless: site.cookieless, pageId: gridPage?.id, position: gridPage?.position };

  useEffect(() => {
    const load = () => {
      void loadExtras({ siteId, basePath, lang }).then((answer) => {
        setData(answer.data);
        setNextChangeInMs(answer.nextChangeInMs);
      });
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(load, 0);
    return () => clearTimeout(handle);
  }, [siteId, basePath, lang]);

  // A notification's window may open or close while the page stays open: ask again when the
  // server says the banner changes next (a delay by its clock, so the visitor's clock never decides).
  useEffect(() => {
    if (nextChangeInMs === null) return;
    const timer = setTimeout(
      () => {
        void loadNotifications({ siteId, basePath, lang }).then((answer) => {
          if (!answer) return;
          setData((current) => (current ? { ...current, notifications: answer.notifications } : current));
          setNextChangeInMs(answer.nextChangeInMs);
        });
      },
      Math.min(nextChangeInMs, MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [nextChangeInMs, siteId, basePath, lang]);

  useEffect(() => trackPageClicks(document.querySelector<HTMLElement>('.sg-viewer') ?? document.body, () => where.current), []);

  if (!data || !gridPage) return null;
  const now = new Date();
  const place = { pageOrder: gridPage.row, hasDetail: Boolean(page?.content) };
  const listed = edited ? editedPopupViews(edited, data.popups, site) : data.popups;
  const popups = listed.filter((popup) => isPopupCtaActive(popup, popup.kind, place, now, popup.numberClicks));
  const campaign = data.campaign && site.viewMode !== 'PC' && isCampaignOnPage(data.campaign, gridPage.row, now) ? data.campaign : null;
  return (
    <Suspense fallback={null}>
      {popups.length > 0 && <LivePopup site={site} popups={popups} pageId={gridPage.id} cell={gridPage.position} onNavigate={onNavigate} />}
      {data.notifications.length > 0 && <NotificationBanner site={site} notifications={data.notifications} />}
      {campaign && <CampaignPanels site={site} campaign={campaign} onNavigate={onNavigate} />}
    </Suspense>
  );
}
