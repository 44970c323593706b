import { BUTTON_TEXT_LINE_CLAMP, LINK_AREA_FALLBACK_SIZE, MAX_PRELOADED_BUTTON_IMAGES, REFERENCE_VIEWPORT, SHAPE_RADII } from '../../../model/constants.ts';
import { externalDestination, pageDestination, type Destination } from '../../../model/destination.ts';
import { internalLinkSubPath, isInternalLinkType } from '../../../model/internal-link.ts';
import type { Button, ButtonAnimation, ButtonShape, LinkType } from '../../../model/page.ts';

/** Spec §5: a text button needs text, a media button an image or video URL, an HTML button content. */
export function isRenderable(button: Pick<Button, 'buttonType' | 'buttonText' | 'buttonImageUrl' | 'buttonContentHtml'>): boolean {
  if (button.buttonType === 'text') return Boolean(button.buttonText?.trim());
  if (button.buttonType === 'media') return Boolean(button.buttonImageUrl?.trim());
  return Boolean(button.buttonContentHtml?.trim());
}

/**
 * What a click on a button or link area does, or null when it does nothing (spec §5: it acts only
 * with a destination; a survey type needs a survey id; a page link must parse as a page order).
 * @example destinationOf('page', 'B2', null) // null
 */
export function destinationOf(linkType: LinkType, url: string | undefined, surveyId: string | null | undefined): Destination | null {
  if (linkType === 'survey') return surveyId ? { kind: 'survey', surveyId } : null;
  const target = url?.trim();
  if (!target || linkType === 'none') return null;
  switch (linkType) {
    case 'page':
      return pageDestination(target);
    case 'internal':
      return isInternalLinkType(target) ? { kind: 'screen', screen: internalLinkSubPath(target) } : null;
    case 'script':
      return isValidScript(target) ? { kind: 'script', source: target } : null;
    case 'external':
      return externalDestination(target);
  }
}

/** Spec §5: a script runs only when its text is valid script; parsing it (never running it) tells. */
export function isValidScript(text: string): boolean {
  try {
    // eslint-disable-next-line no-new-func -- compiling owner script on the owner's own site is the feature.
    new Function(text);
    return true;
  } catch {
    return false;
  }
}

/** The CSS class of a button animation; NONE has none, so nothing moves. */
export function animationClass(animation: ButtonAnimation): string {
  return animation === 'NONE' ? '' : `sg-anim-${animation.toLowerCase().replace('_', '-')}`;
}

/** Spec §9: corner radius in px for a shape (pill 100, moderate 6, slight 3, square and sharp edge 0). */
export function shapeRadius(shape: ButtonShape): number {
  return SHAPE_RADII[shape];
}

/** Spec §5: an item's width and height are capped at the container's. */
export function capSize(width: number, height: number, container: { width: number; height: number } = REFERENCE_VIEWPORT): { width: number; height: number } {
  return { width: Math.min(Math.max(width, 0), container.width), height: Math.min(Math.max(height, 0), container.height) };
}

/** Line height of button text as a multiple of its size. */
export const BUTTON_LINE_HEIGHT = 1.25;

/**
 * Spec §9: button text is clamped to 1 to 3 lines, as many as the button's height holds.
 * @example textLineClamp(48, 14) // 2
 */
export function textLineClamp(height: number, textSize: number): number {
  const lines = Math.floor(height / (textSize * BUTTON_LINE_HEIGHT));
  return Math.min(BUTTON_TEXT_LINE_CLAMP.max, Math.max(BUTTON_TEXT_LINE_CLAMP.min, lines));
}

/** Spec §9: the ids of the buttons whose images load at once; at most three, in page order. The rest load lazily. */
export function preloadedButtonIds(buttons: readonly Pick<Button, 'id' | 'buttonType' | 'buttonImageUrl' | 'buttonText' | 'buttonContentHtml'>[]): Set<string> {
  return new Set(
    buttons
      .filter((button) => button.buttonType === 'media' && isRenderable(button))
      .slice(0, MAX_PRELOADED_BUTTON_IMAGES)
      .map((button) => button.id),
  );
}

/** Spec §9: a link area without a size is 50 × 50 px. */
export function linkAreaSize(width: number | null | undefined, height: number | null | undefined): { width: number; height: number } {
  return { width: width && width > 0 ? width : LINK_AREA_FALLBACK_SIZE, height: height && height > 0 ? height : LINK_AREA_FALLBACK_SIZE };
}

/** Whether a media URL names a video, for URLs the publisher did not classify (external ones). */
export function looksLikeVideo(url: string): boolean {
  return /\.(mp4|mov|m4v|webm|mpe?g)(?:[?#]|$)/i.test(url);
}

/** The buttons a visitor sees on a page (spec §5), in page order. */
export function shownButtons<T extends Pick<Button, 'buttonType' | 'buttonText' | 'buttonImageUrl' | 'buttonContentHtml'>>(buttons: readonly T[]): T[] {
  return buttons.filter(isRenderable);
}
