import { ARROW_BOX, arrowShape, arrowWidth, type WayOut } from './ways-out.ts';

/**
 * A cell's ways out drawn over it: an arrow per direction visitors moved, a dashed red one per
 * direction they swiped off the grid and left, a red ring for closing or going elsewhere; each as
 * thick as its share. Decoration only: the cell says the same in words.
 */
export function WayArrows({ ways }: { ways: readonly WayOut[] }) {
  const moved = new Set(ways.filter((way) => way.kind === 'move' && way.count > 0).map((way) => way.direction));
  return (
    <svg className="way-arrows" viewBox={`0 0 ${ARROW_BOX} ${ARROW_BOX}`} aria-hidden="true" focusable="false">
      {ways.map((way) => {
        const width = arrowWidth(way.share);
        if (width === 0) return null;
        if (way.direction === 'leave') {
          const r = 3 + width;
          return <circle key="leave" className="way-leave" cx={ARROW_BOX - 4 - r} cy={4 + r} r={r} strokeWidth={Math.max(1.5, width / 2)} data-share={way.share} />;
        }
        const shape = arrowShape(way.direction, way.kind, width, way.kind === 'exit' && moved.has(way.direction));
        return (
          <g key={`${way.kind}-${way.direction}`} className={`way-${way.kind}`} data-direction={way.direction} data-share={way.share}>
            {/* A white casing under each arrow keeps it apart from any shade of the cell (WCAG 1.4.11). */}
            <line className="casing" x1={shape.from.x} y1={shape.from.y} x2={shape.to.x} y2={shape.to.y} strokeWidth={width + 3} />
            <line x1={shape.from.x} y1={shape.from.y} x2={shape.to.x} y2={shape.to.y} strokeWidth={width} />
            <polygon points={shape.head.map((point) => `${point.x},${point.y}`).join(' ')} />
          </g>
        );
      })}
    </svg>
  );
}
