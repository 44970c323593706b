import { useEffect, useState } from 'react';
import { SHAPE_RADII } from '../../../../../model/constants.ts';
import { countdown } from '../../../../../model/popup-cta.ts';
import type { PopupCtaItem } from '../../../../../model/site.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/** The remaining time as the viewer shows it (minutes, hours or days by the model's rule), ticking as it does. */
export function CountdownPreview({ end }: { end: string | null }) {
  const { t } = useI18n();
  const [now, setNow] = useState(() => new Date());
  const endMs = end ? Date.parse(end) : Number.NaN;
  const reading = Number.isNaN(endMs) ? null : countdown(endMs, now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after every tick; the reading's unit decides the next one.
  useEffect(() => {
    if (!reading || reading.done) return;
    const timer = setTimeout(() => setNow(new Date()), reading.tickMs);
    return () => clearTimeout(timer);
  }, [reading?.tickMs, reading?.done, now]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new end reads the clock again at once.
  useEffect(() => setNow(new Date()), [end]);
  if (!reading)
    return (
      <p className="hint" data-testid="countdown">
        {t('countdownNeedsEnd')}
      </p>
    );
  return <p data-testid="countdown">{reading.done ? t('countdownDone') : t(`countdown.${reading.unit}`, { value: reading.value })}</p>;
}

/** The popup as the visitor will see it: its style, media, text position and countdown. */
export function PopupPreview({ item }: { item: PopupCtaItem }) {
  const { t } = useI18n();
  const { style, media } = item;
  const box = {
    background: style.backgroundColor,
    color: style.textColor,
    fontSize: `${style.textSize}px`,
    width: `${style.width}px`,
    minHeight: `${style.height}px`,
    borderRadius: `${SHAPE_RADII[style.shape]}px`,
    flexDirection: style.textAlignment === 'TOP' ? 'column' : 'column-reverse',
  } as const;
  return (
    <figure className="popup-preview" aria-label={t('popupPreview')}>
      <div className="popup-box" style={box} data-testid="popup-preview">
        {item.showRemainingTime && <CountdownPreview end={item.endDate} />}
        {media.url && (media.type === 'VIDEO' ? <video src={media.url} muted playsInline autoPlay loop /> : <img src={media.url} alt="" />)}
      </div>
    </figure>
  );
}
