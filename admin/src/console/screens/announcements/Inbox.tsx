import { useCallback, useEffect, useState } from 'react';
import type { ReceivedAnnouncement } from '../../../../../model/announcement.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { UNREAD_CHANGED } from '../../ui/unread-event.ts';
import { LOCALES } from '../notices/notice-date.ts';

type Box = { items: ReceivedAnnouncement[]; unreadCount: number };

/**
 * What the signed-in account receives: system notifications, each marked read or unread (B §7
 * `mark_as_read`), and the latest information meant for it. The header's count follows the marks.
 */
export default function Inbox() {
  const { t, lang } = useI18n();
  const [system, setSystem] = useState<Box | null>(null);
  const [news, setNews] = useState<Box | null>(null);
  const load = useCallback(() => {
    void request('GET /inbox/system_noti', {})
      .then(setSystem)
      .catch(() => setSystem({ items: [], unreadCount: 0 }));
    void request('GET /inbox/news', {})
      .then(setNews)
      .catch(() => setNews({ items: [], unreadCount: 0 }));
  }, []);
  useEffect(load, [load]);
  const markRead = async (ids: string[]) => {
    if (ids.length === 0) return;
    await request('POST /system_noti/mark_as_read', { body: { noti_ids: ids } });
    window.dispatchEvent(new Event(UNREAD_CHANGED));
    load();
  };
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(LOCALES[lang]) : '');
  const list = (box: Box | null, markable: boolean) =>
    box === null ? (
      <p>{t('loading')}</p>
    ) : box.items.length === 0 ? (
      <p className="hint">{t('an.none')}</p>
    ) : (
      <ul className="inbox">
        {box.items.map((item) => (
          <li key={item.id} className={item.read ? 'inbox-item read' : 'inbox-item unread'} data-read={item.read}>
            {item.imageUrl && <img src={item.imageUrl} alt="" className="thumb" />}
            <div className="stack tight">
              <div className="row spread">
                <strong>{item.title}</strong>
                {markable && <span className={`badge ${item.read ? '' : 'badge-unread'}`}>{t(item.read ? 'in.read' : 'in.unread')}</span>}
              </div>
              {item.content && <p className="pre-wrap">{item.content}</p>}
              <div className="row">
                <small className="hint">{date(item.startDate)}</small>
                {item.distributionSite && <small className="hint">{item.distributionSite}</small>}
                {item.newsUrl && (
                  <a href={item.newsUrl} target="_blank" rel="noreferrer">
                    {t('in.open')}
                  </a>
                )}
                {markable && !item.read && (
                  <button type="button" className="secondary small" onClick={() => void markRead([item.id])}>
                    {t('in.markRead')}
                  </button>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="card stack">
      <h1>{t('in.title')}</h1>
      <div className="row spread">
        <h2>
          {t('in.system')} {system && system.unreadCount > 0 && <span className="unread-count">{system.unreadCount}</span>}
        </h2>
        {system && system.unreadCount > 0 && (
          <button type="button" className="secondary" onClick={() => void markRead(system.items.filter((item) => !item.read).map((item) => item.id))}>
            {t('in.markAllRead')}
          </button>
        )}
      </div>
      {list(system, true)}
      <h2>{t('in.news')}</h2>
      {list(news, false)}
    </section>
  );
}
