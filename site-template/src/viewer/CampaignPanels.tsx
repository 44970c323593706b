import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { campaignSliderPosition } from '../../../model/campaign-rules.ts';
import type { Destination } from '../../../model/destination.ts';
import { RESIZE_DEBOUNCE_MS, SHAPE_RADII } from '../../../model/constants.ts';
import { settingsMediaSrc } from '../../../model/settings-media.ts';
import type { Campaign, CampaignBanner, CampaignButton, CampaignLink } from '../../../model/site.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { trackEvent } from './analytics.ts';
import { destinationOf } from './cta-rules.ts';
import { currentPlace } from './visit-tracking.ts';
import { visitorCall } from './visitor-call.ts';

type Side = 'left' | 'right';
type Size = { width: number; height: number };
type Designed = { x: number; y: number; width: number; height: number; parentWidth?: number | null; parentHeight?: number | null; lockRatio?: boolean; zIndex?: number };

/** Where an item designed in a panel of parentWidth × parentHeight lands in a panel of `size` (V §4: items rescale with their container). */
export function placeItem(item: Designed, size: Size): CSSProperties {
  const scaleX = item.parentWidth ? size.width / item.parentWidth : 1;
  const scaleY = item.parentHeight ? size.height / item.parentHeight : scaleX;
  const sizeScale = item.lockRatio ? Math.min(scaleX, scaleY) : undefined;
  return {
    left: item.x * scaleX,
    top: item.y * scaleY,
    width: item.width * (sizeScale ?? scaleX),
    height: item.height * (sizeScale ?? scaleY),
    zIndex: item.zIndex,
  };
}

function useSize(): [React.RefObject<HTMLDivElement | null>, Size] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // V §9: resize handling is debounced by 200 ms.
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
  return [ref, size];
}

type Props = { site: SiteSnapshot; campaign: Campaign; onNavigate: (destination: Destination) => void };

function Panel({ site, campaign, side, counts, onClickItem, onNavigate }: Props & { side: Side; counts: Record<string, number>; onClickItem: (id: string) => void }) {
  const [ref, size] = useSize();
  const colour: CSSProperties = { background: campaign.backgroundColor, opacity: campaign.backgroundOpacity / 100 };
  const banners = campaign.banners.filter((banner) => banner.position === side);
  const buttons = campaign.buttons.filter((button) => button.position === side);
  // Flag links carry no side: they belong to the left panel, where the editor draws them.
  const links: CampaignLink[] = side === 'left' ? campaign.links : [];
  const follow = (destination: Destination | null) => {
    if (destination) onNavigate(destination);
  };
  const count = (id: string) =>
    campaign.isOnClickCount ? (
      <span className="sg-campaign-count" data-count-for={id}>
        {counts[id] ?? 0}
      </span>
    ) : null;
  return (
    <aside ref={ref} className={`sg-campaign-panel sg-campaign-${side}`} data-side={side}>
      <div className="sg-campaign-colour" style={colour} />
      {campaign.backgroundImage && <img className="sg-campaign-background" src={settingsMediaSrc(site.siteId, campaign.backgroundImage)} alt="" />}
      {size.width > 0 &&
        banners.map((banner: CampaignBanner) => (
          <button
            key={banner.id}
            type="button"
            className="sg-campaign-item sg-campaign-banner"
            data-campaign-item={banner.id}
            style={placeItem(
              {
                x: banner.bannerX,
                y: banner.bannerY,
                width: banner.width,
                height: banner.height,
                parentWidth: banner.parentWidth,
                parentHeight: banner.parentHeight,
                lockRatio: banner.lockRatio,
                zIndex: banner.zIndex,
              },
              size,
            )}
            onClick={() => {
              onClickItem(banner.id);
              follow(destinationOf(banner.linkDestinationType, banner.linkDestinationUrl, null));
            }}
          >
            {banner.mediaUrl && <img src={settingsMediaSrc(site.siteId, banner.mediaUrl)} alt="" />}
            {count(banner.id)}
          </button>
        ))}
      {size.width > 0 &&
        buttons.map((button: CampaignButton) => (
          <button
            key={button.id}
            type="button"
            className={`sg-campaign-item sg-campaign-button sg-campaign-button-${button.buttonType.toLowerCase()}`}
            data-campaign-item={button.id}
            style={{
              ...placeItem(
                { x: button.buttonPositionX, y: button.buttonPositionY, width: button.buttonWidth, height: button.buttonHeight, lockRatio: button.lockAspectRatio, zIndex: button.zIndex },
                size,
              ),
              background: button.buttonType === 'TEXT' ? button.buttonColor : 'transparent',
              color: button.buttonTextColor,
              fontSize: button.textSize,
              borderRadius: SHAPE_RADII[button.buttonShape],
            }}
            onClick={() => {
              onClickItem(button.id);
              follow(destinationOf(button.buttonLinkType, button.linkDestinationUrl, button.linkedSurveyId));
            }}
          >
            {button.buttonType === 'TEXT' && button.buttonText}
            {button.buttonType === 'MEDIA' &&
              (button.isVideo ? (
                <video
                  src={settingsMediaSrc(site.siteId, button.buttonImageUrl)}
                  poster={button.thumbnailUrl ? settingsMediaSrc(site.siteId, button.thumbnailUrl) : undefined}
                  autoPlay
                  muted
                  loop
                  playsInline
                />
              ) : (
                button.buttonImageUrl && <img src={settingsMediaSrc(site.siteId, button.buttonImageUrl)} alt={button.buttonText} />
              ))}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's own campaign HTML, served only on the owner's site origin, never the admin's. */}
            {button.buttonType === 'HTML' && <span dangerouslySetInnerHTML={{ __html: button.buttonContentHtml }} />}
            {count(button.id)}
          </button>
        ))}
      {size.width > 0 &&
        links.map((link) => (
          <button
            key={link.id}
            type="button"
            className="sg-campaign-item sg-campaign-flag"
            aria-label={link.linkDestinationUrl || link.linkType}
            style={placeItem({ x: link.positionLeft, y: link.positionTop, width: link.width, height: link.height, parentWidth: link.parentWidth, parentHeight: link.parentHeight }, size)}
            onClick={() => follow(destinationOf(link.linkType, link.linkDestinationUrl, null))}
          />
        ))}
    </aside>
  );
}

/**
 * The campaign's side panels beside the mobile view (V §2 Layout, §4): background image, colour
 * and opacity, banners, buttons and flag links placed at their designed positions and rescaled
 * with the panel. The landing page sits by the slider position (2 centre, 1 left, 3 otherwise).
 * A click on a counted item fetches its new count (V §7). Drawn outside the viewer, beside it;
 * hidden where the screen has no room beside the mobile view.
 */
export default function CampaignPanels(props: Props) {
  const { site, campaign } = props;
  const [counts, setCounts] = useState<Record<string, number>>(() => Object.fromEntries([...campaign.banners, ...campaign.buttons].map((item) => [item.id, item.clickCount])));
  useEffect(() => {
    document.body.dataset.sgSlider = String(campaignSliderPosition(campaign.positionLp));
    return () => {
      delete document.body.dataset.sgSlider;
    };
  }, [campaign.positionLp]);
  const onClickItem = (id: string) => {
    const place = currentPlace();
    if (place) trackEvent(site, { type: 'click_campaign', cell: place.cell, pageId: place.pageId, targetId: id });
    if (!campaign.isOnClickCount) return;
    void visitorCall('GET /end-user/campaign/:itemId/click', { params: { itemId: id }, query: { site_id: site.siteId, lang: site.lang } }, { lang: site.lang, quiet: true }).then((answer) => {
      if (answer.ok && typeof answer.data === 'number') setCounts((current) => ({ ...current, [id]: answer.data }));
    });
  };
  return createPortal(
    <div className="sg-campaign">
      <Panel {...props} side="left" counts={counts} onClickItem={onClickItem} />
      <Panel {...props} side="right" counts={counts} onClickItem={onClickItem} />
    </div>,
    document.body,
  );
}
