import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The canvas at phone size, as large as the space beside the navigator and the inspector allows
 * and never larger than the phone: shrunk by a transform, so the viewer inside still lays out at
 * the phone's real width and the stage's own measure (PlacementEditor reads its drawn width to
 * turn pointer moves into phone pixels) stays right.
 */
export function ScaledStage({ children }: { children: ReactNode }) {
  const room = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, width: 0, height: 0 });
  useLayoutEffect(() => {
    const outer = room.current;
    const content = inner.current;
    if (!outer || !content) return;
    const measure = () => {
      // offsetWidth/Height are the layout size, before the transform.
      const width = content.offsetWidth;
      const height = content.offsetHeight;
      if (!width || !height) return;
      const scale = Math.min(1, outer.clientWidth / width, outer.clientHeight / height);
      setFit((last) => (last.scale === scale && last.width === width && last.height === height ? last : { scale, width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={room} className="scaled-room">
      <div className="scaled-box" style={fit.width ? { width: fit.width * fit.scale, height: fit.height * fit.scale } : undefined}>
        <div ref={inner} className="scaled-content" style={{ transform: `scale(${fit.scale})` }} data-scale={fit.scale}>
          {children}
        </div>
      </div>
    </div>
  );
}
