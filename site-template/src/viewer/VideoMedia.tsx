import { useEffect, useRef } from 'react';
import { HLS_BUFFER_S } from '../../../model/constants.ts';
import type { Language } from '../../../model/language.ts';
import UnmuteButton from './UnmuteButton.tsx';

type Props = { src?: string; hls?: string; poster?: string; priority: boolean; className?: string; lang: Language };

/**
 * A page video: HLS when the page has a stream (natively where the browser plays it, else hls.js,
 * loaded only when such a page is near), the uploaded file otherwise. Muted so it may autoplay,
 * with a button to hear it.
 */
export default function VideoMedia({ src, hls, poster, priority, className, lang }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !hls) return;
    // Set here, not as an attribute: hydration keeps the server's markup, which cannot know the browser.
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = hls;
      return;
    }
    let destroyed = false;
    let player: { destroy(): void } | undefined;
    // The light build (no subtitles, alternate audio or DRM, which pages never use) is about half the size.
    void import('hls.js/light').then(({ default: Hls }) => {
      if (destroyed) return;
      // No MediaSource (an old iPhone without native HLS either): the uploaded file, as before packaging.
      if (!Hls.isSupported()) {
        if (src) video.src = src;
        return;
      }
      const instance = new Hls({ maxBufferLength: HLS_BUFFER_S });
      instance.loadSource(hls);
      instance.attachMedia(video);
      player = instance;
    });
    return () => {
      destroyed = true;
      player?.destroy();
    };
  }, [hls, src]);
  return (
    <>
      <video ref={ref} className={className} src={hls ? undefined : src} poster={poster} muted autoPlay loop playsInline preload={priority ? 'auto' : 'metadata'} />
      <UnmuteButton video={ref} lang={lang} className="sg-unmute" />
    </>
  );
}
