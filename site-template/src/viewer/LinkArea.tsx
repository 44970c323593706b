import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import type { LinkArea as Link } from '../../../model/page.ts';
import { act } from './act.ts';
import { capSize, destinationOf, linkAreaSize } from './cta-rules.ts';

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/** A clickable hotspot over part of the page image; invisible, sized 50 × 50 px when it has no size (spec §9). */
export default function LinkArea({ link, onNavigate }: { link: Link; onNavigate: (destination: string) => void }) {
  const destination = destinationOf(link.linkType, link.linkDestinationUrl, link.surveyId);
  if (destination === null) return null;
  const size = linkAreaSize(link.width, link.height);
  const { width, height } = capSize(size.width, size.height);
  return (
    <button
      type="button"
      className="sg-link-area"
      data-link-id={link.id}
      aria-label={link.linkType === 'external' ? link.linkDestinationUrl : link.linkType}
      style={{
        left: percent(link.positionLeft, REFERENCE_VIEWPORT.width),
        top: percent(link.positionTop, REFERENCE_VIEWPORT.height),
        width: percent(width, REFERENCE_VIEWPORT.width),
        height: percent(height, REFERENCE_VIEWPORT.height),
      }}
      onClick={() => act(destination, onNavigate)}
    />
  );
}
