import { TAP_FRAME } from '../../../../../model/visitor-event-kinds.ts';
import { TAP_PALETTE, type TapRect } from './tap-layer.ts';

/** The page's image at the 375 × 739 frame (cropped as the viewer crops it), with the tap bins drawn over it. */
export function TapLayer({ imageUrl, isVideo, rects, label }: { imageUrl: string; isVideo: boolean; rects: readonly TapRect[]; label: string }) {
  return (
    <figure className="tap-frame" style={{ aspectRatio: `${TAP_FRAME.width} / ${TAP_FRAME.height}` }} data-testid="tap-frame">
      {imageUrl && (isVideo ? <video src={imageUrl} muted playsInline preload="metadata" className="tap-media" /> : <img src={imageUrl} alt="" className="tap-media" data-testid="tap-image" />)}
      <svg className="tap-bins" viewBox={`0 0 ${TAP_FRAME.width} ${TAP_FRAME.height}`} preserveAspectRatio="none" role="img" aria-label={label}>
        {rects.map((rect) => (
          <rect
            key={`${rect.bin.x}-${rect.bin.y}`}
            x={rect.x}
            y={rect.y}
            width={rect.width}
            height={rect.height}
            fill={TAP_PALETTE[rect.level]}
            data-bin={`${rect.bin.x},${rect.bin.y}`}
            data-taps={rect.taps}
          />
        ))}
      </svg>
    </figure>
  );
}
