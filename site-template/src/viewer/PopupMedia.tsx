import { useRef } from 'react';
import { settingsMediaSrc } from '../../../model/settings-media.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import type { PopupView } from './extras-types.ts';
import ResponsiveImage from './ResponsiveImage.tsx';
import UnmuteButton from './UnmuteButton.tsx';

/**
 * A popup's picture or video at its size. The width and height attributes hold its box before a
 * byte arrives, so nothing moves as it loads: the owner's media size when set, else the image's
 * own. An image the publish prepared comes from its responsive set (site.popupImages); one saved
 * since loads as uploaded until the next publish. A video plays muted, with a button to hear it.
 */
export default function PopupMedia({ site, popup }: { site: SiteSnapshot; popup: PopupView }) {
  const video = useRef<HTMLVideoElement>(null);
  const url = popup.media.url || popup.imageUrl;
  if (!url) return null;
  const { width, height } = popup.media;
  if (popup.media.url && popup.media.type === 'VIDEO') {
    return (
      <div className="sg-popup-video">
        <video ref={video} className="sg-popup-media" src={settingsMediaSrc(site.siteId, url)} width={width ?? undefined} height={height ?? undefined} autoPlay muted loop playsInline />
        <UnmuteButton video={video} lang={site.lang} className="sg-popup-unmute" />
      </div>
    );
  }
  const image = site.popupImages?.[url];
  if (!image) {
    return <img className="sg-popup-media" src={settingsMediaSrc(site.siteId, url)} alt="" width={width ?? undefined} height={height ?? undefined} />;
  }
  // The owner's size, the missing side from the image's own ratio.
  const shownWidth = width ?? (height ? Math.round((height * image.width) / image.height) : image.width);
  const shownHeight = height ?? Math.round((shownWidth * image.height) / image.width);
  return <ResponsiveImage className="sg-popup-media" image={{ ...image, width: shownWidth, height: shownHeight }} alt="" eager sizes={`min(${shownWidth}px, 100vw)`} />;
}
