import { useEffect, useRef, useState } from 'react';
import type { Language } from '../../../model/language.ts';
import { t } from './i18n.ts';
import { designedPlace } from './place.ts';

type Props = { src: string | undefined; x: number | null; y: number | null; color: string | undefined; lang: Language };

/**
 * The page's background music and its speaker button. Music starts muted and silent: it plays
 * only after the visitor turns it on (a gesture), and the choice holds while they swipe between
 * pages; a page without music stops it.
 */
export default function MusicToggle({ src, x, y, color, lang }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (muted || !src) element.pause();
    else void element.play().catch(() => setMuted(true));
  }, [muted, src]);
  if (!src) return null;
  return (
    <>
      <audio ref={audio} src={src} loop preload="none" muted={muted} className="sg-music" />
      <button
        type="button"
        className="sg-speaker"
        aria-pressed={!muted}
        aria-label={t(muted ? 'musicOn' : 'musicOff', lang)}
        data-muted={muted}
        style={{ ...designedPlace(x, y), color }}
        onClick={() => setMuted((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
        </svg>
      </button>
    </>
  );
}
