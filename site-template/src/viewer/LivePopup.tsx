import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Destination } from '../../../model/destination.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import type { PopupView } from './extras-types.ts';
import { isCanvas } from './canvas-mode.ts';
import PopupCta from './PopupCta.tsx';
import { openPopups, type OpenPopups } from './popup-rules.ts';
import { markSeen, seenThisVisit } from './popup-visit.ts';

type Props = { site: SiteSnapshot; popups: PopupView[]; pageId: string; cell: string; onNavigate: (destination: Destination) => void };

/**
 * The popup CTA as visitors meet it: `popups` are those V §4's rules apply to this page now; each
 * opens once per visit (popup-visit.ts), on the page it applies to, and is drawn inside that
 * page, so it slides away with it when the visitor swipes on and is not shown again. Closed by
 * its button, a tap on the backdrop or Escape; focus stays where the visitor had it, as the popup
 * opens by itself.
 */
export default function LivePopup({ site, popups, pageId, cell, onNavigate }: Props) {
  const [open, setOpen] = useState<OpenPopups>({ pageId: '', ids: [] });
  const activeIds = popups.map((popup) => popup.id).join(' ');

  useEffect(() => {
    const active = activeIds ? activeIds.split(' ') : [];
    // The owner's canvas shows the popup on every page it applies to: the owner is designing it, not visiting.
    const seen = isCanvas() ? new Set<string>() : seenThisVisit(site.siteId);
    const fresh = active.filter((id) => !seen.has(id));
    if (!isCanvas()) markSeen(site.siteId, fresh);
    setOpen((previous) => openPopups(previous, pageId, active, fresh));
  }, [pageId, activeIds, site.siteId]);

  const shown = open.pageId === pageId ? popups.filter((popup) => open.ids.includes(popup.id)) : [];
  const hide = (id: string) => setOpen((previous) => ({ ...previous, ids: previous.ids.filter((other) => other !== id) }));
  const dismiss = () => setOpen((previous) => ({ ...previous, ids: [] }));

  useEffect(() => {
    if (shown.length === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen((previous) => ({ ...previous, ids: [] }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown.length]);

  if (shown.length === 0) return null;
  const popup = <PopupCta site={site} popups={shown} pageId={pageId} cell={cell} onNavigate={onNavigate} onHide={hide} onDismiss={dismiss} />;
  // Into the page's own element, which keeps its node while the page stays near; this renders only
  // in the browser, after the settings arrived. A page still loading has none yet: over the viewer, the same place.
  const page = document.querySelector(`.sg-page[data-page-id="${CSS.escape(pageId)}"]`);
  return createPortal(popup, page ?? document.querySelector('.sg-viewer') ?? document.body);
}
