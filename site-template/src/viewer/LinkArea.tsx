import type { Destination } from '../../../model/destination.ts';
import type { LinkArea as Link } from '../../../model/page.ts';
import { capSize, destinationOf, linkAreaSize } from './cta-rules.ts';
import { ofHeight, ofWidth } from './place.ts';

/** A clickable hotspot over part of the page image; invisible, sized 50 × 50 px when it has no size (spec §9). */
export default function LinkArea({ link, onNavigate }: { link: Link; onNavigate: (destination: Destination) => void }) {
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
        left: ofWidth(link.positionLeft),
        top: ofHeight(link.positionTop),
        width: ofWidth(width),
        height: ofHeight(height),
      }}
      onClick={() => onNavigate(destination)}
    />
  );
}
