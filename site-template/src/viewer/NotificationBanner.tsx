import { useEffect, useState } from 'react';
import { NOTIFICATION_ROTATION_MS } from '../../../model/constants.ts';
import type { Language } from '../../../model/language.ts';
import { settingsMediaSrc } from '../../../model/settings-media.ts';
import type { DeliveredNotification } from '../../../model/site.ts';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import Overlay from './Overlay.tsx';
import { t } from './i18n.ts';

const NEWS: Record<Language, string> = { jp: 'お知らせ', en: 'News', cn: '通知', kr: '공지' };
const MORE: Record<Language, string> = { jp: '詳しく見る', en: 'Read more', cn: '查看详情', kr: '자세히 보기' };

/**
 * The notification banner (V §4): the notifications inside their window, one at a time, turning
 * every 3000 ms; closing hides it; a click opens the detail dialog (title, content, image, link).
 * It lies over the top of the page, so nothing below moves.
 */
export default function NotificationBanner({ site, notifications }: { site: SiteSnapshot; notifications: DeliveredNotification[] }) {
  const { lang } = site;
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  const [detail, setDetail] = useState<DeliveredNotification | null>(null);
  useEffect(() => {
    if (notifications.length < 2 || detail) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % notifications.length), NOTIFICATION_ROTATION_MS);
    return () => clearInterval(timer);
  }, [notifications.length, detail]);
  const shown = notifications[index % notifications.length];
  if (closed || !shown) return null;
  return (
    <>
      <section className="sg-news" aria-label={NEWS[lang]} onPointerDown={(event) => event.stopPropagation()} onPointerUp={(event) => event.stopPropagation()}>
        <button type="button" className="sg-news-title" data-notification-id={shown.id} onClick={() => setDetail(shown)}>
          {shown.title}
        </button>
        <button type="button" className="sg-news-close" aria-label={t('close', lang)} onClick={() => setClosed(true)}>
          ×
        </button>
      </section>
      {detail && (
        <Overlay label={detail.title} lang={lang} onClose={() => setDetail(null)} className="sg-news-dialog" header={<h2>{detail.title}</h2>}>
          <div className="sg-dialog-body">
            {detail.imageUrl && <img className="sg-news-image" src={settingsMediaSrc(site.siteId, detail.imageUrl)} alt="" />}
            {detail.content && <p className="sg-company-text">{detail.content}</p>}
            {detail.newsUrl && (
              <p>
                <a href={detail.newsUrl} target="_blank" rel="noopener noreferrer">
                  {MORE[lang]}
                </a>
              </p>
            )}
          </div>
        </Overlay>
      )}
    </>
  );
}
