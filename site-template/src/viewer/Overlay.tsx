import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Language } from '../../../model/language.ts';
import { t } from './i18n.ts';

type Props = { label: string; lang: Language; onClose: () => void; className?: string; style?: CSSProperties; header?: ReactNode; children: ReactNode };

const stop = (event: { stopPropagation(): void }) => event.stopPropagation();

/**
 * A dialog over the viewer: a backdrop that closes it, Escape to close, focus moved in on open
 * and back on close. It is drawn into the viewer's root, above the header, menu and counter,
 * whichever page opened it; dialogs open only on a visitor's action, so never on the server. Pointer and wheel events stop here, so scrolling a dialog never swipes the page behind.
 */
export default function Overlay({ label, lang, onClose, className, style, header, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // Arrow keys belong to the dialog while it is open, not to the page swiper.
      if (event.key.startsWith('Arrow')) event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      before?.focus?.();
    };
  }, [onClose]);
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the pointer's way to close; keyboards close with Escape (above) or the close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above, Escape is the keyboard's way.
    <div className="sg-overlay" onPointerDown={stop} onPointerUp={stop} onWheel={stop} onClick={onClose}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click only stops the backdrop's close; the dialog itself does nothing on click. */}
      <div ref={panel} className={`sg-dialog ${className ?? ''}`} style={style} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} onClick={stop}>
        <div className="sg-dialog-header">
          {header}
          <button type="button" className="sg-dialog-close" aria-label={t('close', lang)} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.querySelector('.sg-viewer') ?? document.body,
  );
}
