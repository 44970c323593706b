import { useEffect, useRef, useState } from 'react';
import type { Language } from '../../../model/language.ts';
import { t } from './i18n.ts';

type Props = { color: 'white' | 'black'; fadeAfterSeconds: number; lang: Language };

/**
 * The arrow that tells a visitor there is a page below, in the page's hoverArrowColor. It fades
 * once arrowFadeInterval seconds have passed with the page loaded and in view (0: it stays).
 */
export default function ArrowHint({ color, fadeAfterSeconds, lang }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [faded, setFaded] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || fadeAfterSeconds <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inView = false;
    let loaded = document.readyState === 'complete';
    const arm = () => {
      clearTimeout(timer);
      if (inView && loaded) timer = setTimeout(() => setFaded(true), fadeAfterSeconds * 1000);
    };
    const onLoad = () => {
      loaded = true;
      arm();
    };
    window.addEventListener('load', onLoad);
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView = Boolean(entry?.isIntersecting);
        arm();
      },
      { threshold: 0.5 },
    );
    observer.observe(element.parentElement ?? element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('load', onLoad);
    };
  }, [fadeAfterSeconds]);
  return (
    <div ref={ref} className={`sg-arrow sg-arrow-${color}${faded ? ' sg-arrow-faded' : ''}`} role="img" aria-label={t('nextPage', lang)}>
      <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 9l6 6 6-6" />
      </svg>
    </div>
  );
}
