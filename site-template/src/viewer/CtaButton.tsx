import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import { legibleTextShadow } from '../../../model/contrast.ts';
import type { Destination } from '../../../model/destination.ts';
import type { Language } from '../../../model/language.ts';
import type { Button } from '../../../model/page.ts';
import type { MediaMap } from '../../../model/snapshot.ts';
import { t } from './i18n.ts';
import ResponsiveImage from './ResponsiveImage.tsx';
import { ofHeight, ofWidth } from './place.ts';
import { animationClass, capSize, destinationOf, isRenderable, looksLikeVideo, shapeRadius, textLineClamp } from './cta-rules.ts';

type Props = { button: Button; media: MediaMap; eager: boolean; lang: Language; onNavigate: (destination: Destination) => void };

/**
 * A call-to-action button: text, media (image or video) or the owner's HTML, placed over the page
 * at its designed position. Positions and sizes are in the reference viewport's pixels and scale
 * with the page, except a fixed-position button, which keeps its pixels.
 */
export default function CtaButton({ button, media, eager, lang, onNavigate }: Props) {
  if (!isRenderable(button)) return null;
  const destination = destinationOf(button.buttonLinkType, button.linkDestinationUrl, button.linkedSurveyId);
  const { width, height } = capSize(button.buttonWidth, button.buttonHeight);
  const fixed = button.isFixedPosition;
  const place: CSSProperties = fixed
    ? { left: button.buttonPositionLeft, top: button.buttonPositionTop, width, maxWidth: '100%' }
    : { left: ofWidth(button.buttonPositionLeft), top: ofHeight(button.buttonPositionTop), width: ofWidth(width) };
  const face: CSSProperties = {
    height: fixed ? `min(${height}px, 100cqh)` : `${(height / REFERENCE_VIEWPORT.height) * 100}cqh`,
    borderRadius: shapeRadius(button.buttonShape),
    background: button.buttonType === 'text' ? button.buttonColor : undefined,
    color: button.buttonTextColor,
    textShadow: button.buttonType === 'text' ? legibleTextShadow(button.buttonTextColor, button.buttonColor) : undefined,
    fontSize: button.textSize,
    ['--sg-glow' as string]: button.buttonColor,
  };
  const microcopy = button.microcopyText.trim() ? (
    <span className="sg-microcopy" style={{ color: button.microcopyTextColor }}>
      {button.microcopyText}
    </span>
  ) : null;
  const activate = () => {
    if (destination) onNavigate(destination);
  };
  const common = {
    className: `sg-button sg-button-${button.buttonType} sg-shape-${button.buttonShape}`,
    style: face,
    'aria-disabled': destination === null,
    onClick: activate,
  };
  let control: ReactNode;
  const lines = textLineClamp(height, button.textSize);
  if (button.buttonType === 'html') {
    // The owner's HTML (and its CSS) on the owner's site: the site origin is kept apart from the
    // admin's, so nothing here can reach an admin session. A <div>: owner markup may hold links.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        activate();
      }
    };
    // biome-ignore lint/a11y/useSemanticElements: owner markup may hold links, which a <button> must not contain.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's own HTML button, served only on the owner's site origin, never the admin's.
    control = <div {...common} role="button" tabIndex={0} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: button.buttonContentHtml }} />;
  } else {
    control = (
      <button type="button" {...common} aria-label={button.buttonType === 'media' ? button.buttonText.trim() || t('openLink', lang) : undefined}>
        {button.buttonType === 'text' ? (
          // Strings: Preact's server render would add px to a numeric -webkit-line-clamp.
          <span className="sg-button-label" style={{ WebkitLineClamp: String(lines), lineClamp: String(lines) }}>
            {button.buttonText}
          </span>
        ) : (
          <ButtonMedia url={button.buttonImageUrl} media={media} eager={eager} width={width} />
        )}
      </button>
    );
  }
  return (
    <div className={`sg-cta ${animationClass(button.buttonAnimation)}`} style={place} data-button-id={button.id} data-fixed={fixed || undefined}>
      {button.textAlign === 'top' && microcopy}
      {control}
      {button.textAlign !== 'top' && microcopy}
    </div>
  );
}

function ButtonMedia({ url, media, eager, width }: { url: string; media: MediaMap; eager: boolean; width: number }) {
  const entry = media[url];
  if (entry?.kind === 'video') return <video src={entry.video.src} muted autoPlay loop playsInline preload={eager ? 'auto' : 'metadata'} />;
  // An external URL has no derivatives (no sources); only its name tells a video from a picture.
  if ((!entry || (entry.kind === 'image' && entry.image.sources.length === 0)) && looksLikeVideo(url)) return <video src={url} muted autoPlay loop playsInline preload={eager ? 'auto' : 'metadata'} />;
  if (entry?.kind === 'image') return <ResponsiveImage image={entry.image} alt="" eager={eager} sizes={`${Math.round(width)}px`} />;
  // Music is no button face.
  if (entry?.kind === 'audio') return null;
  return <img src={url} alt="" loading={eager ? 'eager' : 'lazy'} />;
}
