import { useEffect, useState, type RefObject } from 'react';
import type { Language } from '../../../model/language.ts';
import { t } from './i18n.ts';

type Props = { video: RefObject<HTMLVideoElement | null>; lang: Language; className: string };

/**
 * Sound for a video that autoplays muted (browsers let only a muted video start by itself): a
 * button the visitor presses to hear it, named in the page's language, pressed again to mute.
 */
export default function UnmuteButton({ video, lang, className }: Props) {
  const [muted, setMuted] = useState(true);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.muted = muted;
    // A video the browser paused for want of a gesture starts with this one.
    if (!muted && element.paused) void element.play().catch(() => setMuted(true));
  }, [muted, video]);
  return (
    <button type="button" className={className} aria-pressed={!muted} aria-label={t(muted ? 'unmute' : 'mute', lang)} data-muted={muted} onClick={() => setMuted((value) => !value)}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
      </svg>
    </button>
  );
}
