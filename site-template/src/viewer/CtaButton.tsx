import type { CSSProperties } from 'react';
import { REFERENCE_VIEWPORT, SHAPE_RADII } from '../../../model/constants.ts';
import type { Button } from '../../../model/page.ts';
import type { MediaMap } from '../../../model/snapshot.ts';

/** Spec §5: a text button needs text, a media button a URL, an HTML button content. */
export function isRenderable(button: Button): boolean {
  if (button.buttonType === 'text') return Boolean(button.buttonText?.trim());
  if (button.buttonType === 'media') return Boolean(button.buttonImageUrl);
  return Boolean(button.buttonContentHtml?.trim());
}

/** Spec §5: a button acts only with a destination; a survey needs a survey id, a page link a page order. */
export function destinationOf(button: Button): string | null {
  const type = button.buttonLinkType;
  if (type === 'survey') return button.linkedSurveyId ? `survey:${button.linkedSurveyId}` : null;
  const url = button.linkDestinationUrl?.trim();
  if (!url) return null;
  if (type === 'page') return /^\d+$/.test(url) ? `page:${url}` : null;
  return url;
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

type Props = { button: Button; media: MediaMap; onNavigate: (destination: string) => void };

export default function CtaButton({ button, media, onNavigate }: Props) {
  if (!isRenderable(button)) return null;
  const destination = destinationOf(button);
  const radius = SHAPE_RADII[button.buttonShape as keyof typeof SHAPE_RADII] ?? 0;
  const width = Math.min(button.buttonWidth, REFERENCE_VIEWPORT.width);
  const height = Math.min(button.buttonHeight, REFERENCE_VIEWPORT.height);
  const style: CSSProperties = {
    position: button.isFixedPosition ? 'fixed' : 'absolute',
    left: percent(button.buttonPositionLeft ?? 0, REFERENCE_VIEWPORT.width),
    top: percent(button.buttonPositionTop ?? 0, REFERENCE_VIEWPORT.height),
    width: percent(width, REFERENCE_VIEWPORT.width),
  };
  const faceStyle: CSSProperties = {
    height: `${(height / REFERENCE_VIEWPORT.height) * 100}cqh`,
    minHeight: 24,
    borderRadius: radius,
    background: button.buttonType === 'text' ? button.buttonColor : 'transparent',
    color: button.buttonTextColor,
    fontSize: button.textSize ? `${button.textSize}px` : undefined,
  };
  const microcopy = button.microcopyText?.trim() ? (
    <span className="sg-microcopy" style={{ color: button.microcopyTextColor }}>{button.microcopyText}</span>
  ) : null;
  const image = button.buttonImageUrl ? media[button.buttonImageUrl] : undefined;
  let face;
  if (button.buttonType === 'text') face = <span className="sg-button-text">{button.buttonText}</span>;
  else if (button.buttonType === 'media' && image?.kind === 'video') face = <video src={image.video.src} muted autoPlay loop playsInline />;
  else if (button.buttonType === 'media') face = <img src={image?.kind === 'image' ? image.image.src : button.buttonImageUrl} alt={button.buttonText ?? ''} />;
  // Owners may put their own HTML on their own site; the site origin is kept apart from the admin's.
  else face = <span dangerouslySetInnerHTML={{ __html: button.buttonContentHtml ?? '' }} />;
  return (
    <div className={`sg-cta sg-anim-${button.buttonAnimation.toLowerCase()}`} style={style} data-button-id={button.id}>
      {button.textAlign === 'top' && microcopy}
      <button
        type="button"
        className={`sg-button sg-button-${button.buttonType}`}
        style={faceStyle}
        aria-disabled={destination === null}
        onClick={() => destination && onNavigate(destination)}
      >
        {face}
      </button>
      {button.textAlign !== 'top' && microcopy}
    </div>
  );
}
