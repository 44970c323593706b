import { lazy, Suspense, useCallback, useState } from 'react';
import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { t } from './i18n.ts';
import type { Cell } from './navigation.ts';

// The album is opened by few visitors: its grid is a chunk of its own, fetched on the first open.
const AlbumOverlay = lazy(() => import('./AlbumOverlay.tsx'));

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

type Props = { site: SiteSnapshot; x: number | null; y: number | null; current: Cell; onJump: (cell: Cell) => void };

/** The album button (shown when the site's displayAlbum is on), at the page's albumX, albumY. */
export default function AlbumButton({ site, x, y, current, onJump }: Props) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const place = x !== null && y !== null ? { left: percent(x, REFERENCE_VIEWPORT.width), top: percent(y, REFERENCE_VIEWPORT.height) } : undefined;
  return (
    <>
      <button type="button" className="sg-album-button" aria-haspopup="dialog" aria-label={t('openAlbum', site.lang)} style={place} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <rect x="3" y="3" width="8" height="8" rx="1" /><rect x="13" y="3" width="8" height="8" rx="1" /><rect x="3" y="13" width="8" height="8" rx="1" /><rect x="13" y="13" width="8" height="8" rx="1" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlbumOverlay site={site} current={current} onClose={close} onJump={(cell) => { close(); onJump(cell); }} />
        </Suspense>
      )}
    </>
  );
}
