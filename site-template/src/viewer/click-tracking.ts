import type { Language } from '../../../model/language.ts';
import { setClickCookies, trackEvent } from './analytics.ts';

type Current = { siteId: string; lang: Language; pageId?: string; position?: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The click events of V §7 for page elements, read from the data attributes the elements carry
 * (one listener for all, so no element needs to know about analytics): a CTA button, a link
 * area, a product point and a product popup's link button. Popups send their own event.
 */
export function trackPageClicks(root: HTMLElement, current: () => Current): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest<HTMLElement>('[data-button-id], [data-link-id], [data-product-id]');
    if (!element) return;
    const page = element.closest<HTMLElement>('.sg-page');
    const where = current();
    const pageId = page?.dataset.pageId ?? where.pageId;
    const position = page?.dataset.position ?? where.position;
    const { buttonId, linkId, productId } = element.dataset;
    let type: 'click_cta_btn' | 'click_link_cta' | 'click_product_point' | 'click_product_item';
    if (buttonId) {
      type = 'click_cta_btn';
      setClickCookies({ pageId, buttonId, ctaId: buttonId, type: 'BUTTON', position });
    } else if (linkId) {
      type = 'click_link_cta';
      setClickCookies({ pageId, linkId, ctaId: linkId, type: 'LINK', position });
    } else {
      type = element.classList.contains('sg-product-point') ? 'click_product_point' : 'click_product_item';
      setClickCookies({ pageId, position });
    }
    const targetId = buttonId ?? linkId ?? productId;
    if (!position) return;
    trackEvent(where, {
      type,
      cell: position,
      ...(pageId && ID.test(pageId) ? { pageId } : {}),
      ...(targetId && ID.test(targetId) ? { targetId } : {}),
    });
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}
