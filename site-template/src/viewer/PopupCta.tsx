import { useEffect, useState } from 'react';
import { legibleTextShadow } from '../../../model/contrast.ts';
import { SHAPE_RADII } from '../../../model/constants.ts';
import type { Destination } from '../../../model/destination.ts';
import type { Language } from '../../../model/language.ts';
import { countdown, type CountdownUnit } from '../../../model/popup-cta.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { setClickCookies, trackEvent } from './analytics.ts';
import type { PopupView } from './extras-types.ts';
import { t } from './i18n.ts';
import PopupMedia from './PopupMedia.tsx';
import { nextTickMs, popupDestination } from './popup-rules.ts';
import { showToast } from './toast.ts';
import { visitorCall } from './visitor-call.ts';

const UNITS: Record<CountdownUnit, Record<Language, (n: number) => string>> = {
  minutes: { jp: (n) => `残り${n}分`, en: (n) => `${n} min left`, cn: (n) => `剩余${n}分钟`, kr: (n) => `${n}분 남음` },
  hours: { jp: (n) => `残り${n}時間`, en: (n) => `${n} h left`, cn: (n) => `剩余${n}小时`, kr: (n) => `${n}시간 남음` },
  days: { jp: (n) => `残り${n}日`, en: (n) => `${n} days left`, cn: (n) => `剩余${n}天`, kr: (n) => `${n}일 남음` },
};
const REMAINING: Record<Language, (n: number) => string> = { jp: (n) => `残り${n}名`, en: (n) => `${n} places left`, cn: (n) => `剩余${n}名`, kr: (n) => `${n}명 남음` };
const ACTION: Record<PopupView['kind'], Record<Language, string>> = {
  timeLimit: { jp: '詳しく見る', en: 'Learn more', cn: '了解详情', kr: '자세히 보기' },
  applicantLimit: { jp: '応募する', en: 'Apply', cn: '申请', kr: '신청하기' },
};

/** V §4 countdown: minutes under 60 minutes, hours under 72 hours, else days; calls onTimeout at zero. */
function Countdown({ end, lang, onTimeout }: { end: number; lang: Language; onTimeout: () => void }) {
  const [now, setNow] = useState(() => new Date());
  const shown = countdown(end, now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after every tick; the effect reads the clock itself.
  useEffect(() => {
    if (shown.done) {
      onTimeout();
      return;
    }
    // Effects can run late (a hidden tab, a busy page): read the clock again before waiting.
    const fresh = countdown(end, new Date());
    if (fresh.done || fresh.unit !== shown.unit || fresh.value !== shown.value) {
      setNow(new Date());
      return;
    }
    const timer = setTimeout(() => setNow(new Date()), nextTickMs(end - Date.now(), fresh.tickMs));
    return () => clearTimeout(timer);
  }, [end, now, shown.done, shown.unit, shown.value, onTimeout]);
  return (
    <span className="sg-popup-count" data-unit={shown.unit}>
      {UNITS[shown.unit][lang](shown.value)}
    </span>
  );
}

function PopupItem({
  site,
  popup,
  pageId,
  cell,
  onClose,
  onNavigate,
}: {
  site: SiteSnapshot;
  popup: PopupView;
  pageId: string;
  cell: string;
  onClose: () => void;
  onNavigate: (destination: Destination) => void;
}) {
  const { lang } = site;
  // The count the last application answered, while the listed one is what it answered for: in the editor's canvas the listed one changes as the owner types a limit.
  const [applied, setApplied] = useState<{ listed: number | null; remaining: number } | null>(null);
  const remaining = applied && applied.listed === popup.remaining ? applied.remaining : popup.remaining;
  const { style } = popup;
  const destination = popupDestination(popup.transition);
  const label =
    popup.kind === 'timeLimit' ? (
      popup.showRemainingTime && popup.endDate ? (
        <Countdown end={Date.parse(popup.endDate)} lang={lang} onTimeout={onClose} />
      ) : null
    ) : remaining !== null ? (
      <span className="sg-popup-count">{REMAINING[lang](remaining)}</span>
    ) : null;

  const activate = async () => {
    setClickCookies(site, { pageId, popupId: popup.id, ctaId: popup.id });
    trackEvent(site, { type: 'click_popup_cta', cell, pageId, targetId: popup.id });
    if (popup.kind === 'applicantLimit') {
      const answer = await visitorCall('POST /end-user/site/:id/popup-cta/:popupId/apply', { params: { id: site.siteId, popupId: popup.id }, query: { lang } }, { lang });
      if (!answer.ok) {
        showToast(answer.message);
        return;
      }
      setApplied({ listed: popup.remaining, remaining: answer.data.remaining });
    }
    if (destination) onNavigate(destination);
  };

  const button = (
    <button
      type="button"
      className="sg-popup-action"
      style={{
        width: style.width,
        height: style.height,
        borderRadius: SHAPE_RADII[style.shape],
        background: popup.linkButtonColor,
        color: popup.linkTextColor,
        textShadow: legibleTextShadow(popup.linkTextColor, popup.linkButtonColor),
      }}
      disabled={popup.kind === 'applicantLimit' && remaining === 0}
      onClick={() => void activate()}
    >
      {ACTION[popup.kind][lang]}
    </button>
  );
  return (
    <div
      className="sg-popup-item"
      data-popup-kind={popup.kind}
      style={{ background: style.backgroundColor, color: style.textColor, fontSize: style.textSize, borderRadius: SHAPE_RADII[style.shape] === 100 ? 16 : SHAPE_RADII[style.shape] }}
    >
      <button type="button" className="sg-popup-close" aria-label={t('close', lang)} onClick={onClose}>
        ×
      </button>
      <PopupMedia site={site} popup={popup} />
      {style.textAlignment === 'TOP' && label}
      {destination !== null || popup.kind === 'applicantLimit' ? button : null}
      {style.textAlignment === 'BOTTOM' && label}
    </div>
  );
}

/**
 * The popup call to action (V §4) as drawn over a page: a backdrop dimming the page, and the
 * time-limited and applicant-limited items that apply, side by side, low on the page. The live
 * viewer (LivePopup.tsx) and the editor's canvas both draw it with this, so both show the same.
 * `onHide` is an item's close button or the end of its countdown; `onDismiss` a tap on the
 * backdrop. Pointer events are left to bubble: a swipe that starts on the backdrop or on an item
 * still moves the page (docs/decisions.md, "Swiping past a popup").
 */
export default function PopupCta({
  site,
  popups,
  pageId,
  cell,
  onNavigate,
  onHide,
  onDismiss,
}: {
  site: SiteSnapshot;
  popups: PopupView[];
  pageId: string;
  cell: string;
  onNavigate: (destination: Destination) => void;
  onHide: (id: string) => void;
  onDismiss: () => void;
}) {
  return (
    <div className="sg-popup-layer">
      {/* A tap beside the popup is the pointer's way to close it; keyboards have Escape (LivePopup) and the close buttons. */}
      <div className="sg-popup-backdrop" aria-hidden="true" onClick={onDismiss} />
      <div className={popups.length > 1 ? 'sg-popup-cta sg-popup-pair' : 'sg-popup-cta'} role="dialog" aria-label={t('popup', site.lang)}>
        {popups.map((popup) => (
          <PopupItem key={popup.id} site={site} popup={popup} pageId={pageId} cell={cell} onClose={() => onHide(popup.id)} onNavigate={onNavigate} />
        ))}
      </div>
    </div>
  );
}
