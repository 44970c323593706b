import { lazy, Suspense, useCallback, useState } from 'react';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { t } from './i18n.ts';
import type { Cell } from './navigation.ts';
import { designedPlace } from './place.ts';

// The album is opened by few visitors: its grid is a chunk of its own, fetched on the first open.
const AlbumOverlay = lazy(() => import('./AlbumOverlay.tsx'));

type Props = { site: SiteSnapshot; x: number | null; y: number | null; current: Cell; onJump: (cell: Cell) => void };

/** The album button (shown when the site's displayAlbum is on), at the page's albumX, albumY. */
export default function AlbumButton({ site, x, y, current, onJump }: Props) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className="sg-album-button" aria-haspopup="dialog" aria-label={t('openAlbum', site.lang)} style={designedPlace(x, y)} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <rect x="3" y="3" width="8" height="8" rx="1" />
          <rect x="13" y="3" width="8" height="8" rx="1" />
          <rect x="3" y="13" width="8" height="8" rx="1" />
          <rect x="13" y="13" width="8" height="8" rx="1" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlbumOverlay
            site={site}
            current={current}
            onClose={close}
            onJump={(cell) => {
              close();
              onJump(cell);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
