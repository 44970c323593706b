import { isSnsType } from '../../../model/sns-types.ts';
import { setClickCookies, trackEvent, type Where } from './analytics.ts';
import { noteTap } from './visit-tracking.ts';

type Current = Where & { pageId?: string; position?: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The click events of V §7 and issue 13 for page elements, read from the data attributes and
 * links the elements carry (one listener for all, so no element needs to know about analytics):
 * a CTA button, a link area, a product point, a product popup's link button, a social link, and
 * any `tel:` link (a phone call, whatever drew it). Every click is also a tap on the page.
 * Popups and campaign panels send their own event.
 */
export function trackPageClicks(root: HTMLElement, current: () => Current): () => void {
  const onClick = (event: MouseEvent) => {
    const where = current();
    noteTap(event);
    const target = event.target instanceof Element ? event.target : null;
    const page = target?.closest<HTMLElement>('.sg-page');
    const pageId = page?.dataset.pageId ?? where.pageId;
    const position = page?.dataset.position ?? where.position;
    if (!position) return;
    const on = { cell: position, ...(pageId && ID.test(pageId) ? { pageId } : {}) };
    const phone = target?.closest<HTMLAnchorElement>('a[href^="tel:"]');
    if (phone) trackEvent(where, { type: 'click_phone', ...on });
    const snsType = target?.closest<HTMLElement>('[data-sns-type]')?.dataset.snsType;
    // A phone number among the social links is a call, counted above.
    if (isSnsType(snsType) && snsType !== 'phone_number') trackEvent(where, { type: 'click_sns', ...on, snsType });
    const element = target?.closest<HTMLElement>('[data-button-id], [data-link-id], [data-product-id]');
    if (!element) return;
    const { buttonId, linkId, productId } = element.dataset;
    let type: 'click_cta_btn' | 'click_link_cta' | 'click_product_point' | 'click_product_item';
    if (buttonId) {
      type = 'click_cta_btn';
      setClickCookies(where, { pageId, buttonId, ctaId: buttonId, type: 'BUTTON', position });
    } else if (linkId) {
      type = 'click_link_cta';
      setClickCookies(where, { pageId, linkId, ctaId: linkId, type: 'LINK', position });
    } else {
      type = element.classList.contains('sg-product-point') ? 'click_product_point' : 'click_product_item';
      setClickCookies(where, { pageId, position });
    }
    const targetId = buttonId ?? linkId ?? productId;
    trackEvent(where, { type, ...on, ...(targetId && ID.test(targetId) ? { targetId } : {}) });
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}
