import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { UiKey } from '../../i18n/catalogue.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useNoticeDate } from './notice-date.ts';
import { StatusBadge } from './notice-status.tsx';
import type { NoticeRow } from './NoticeTable.tsx';

export type NoticeFacts = NoticeRow & { content: string; imageUrl: string; newsUrl: string };

/**
 * One notice with its status now: title, status, content, the screen's own facts (`extra`),
 * image, link, mode, start, end, then `trailing`; edit it, or delete it after a confirmation and
 * go back to the list.
 */
export function NoticeDetail({
  item,
  titleId,
  heading,
  listHref,
  editHref,
  linkLabel,
  extra,
  trailing,
  confirmKey,
  deletedKey,
  remove,
}: {
  item: NoticeFacts | null;
  titleId: string;
  heading: string;
  listHref: string;
  editHref: string;
  linkLabel: string;
  extra?: ReactNode;
  trailing?: ReactNode;
  /** Its question before deleting ({title} is the notice's) and its word after. */
  confirmKey: UiKey;
  deletedKey: UiKey;
  remove: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { confirm, dialog } = useConfirm();
  const date = useNoticeDate();
  if (!item) return <p className="loading">{t('loading')}</p>;
  const onDelete = async () => {
    if (!(await confirm({ message: t(confirmKey, { title: item.title }), confirmLabel: t('sn.delete'), danger: true }))) return;
    await remove();
    toast(t(deletedKey), 'success');
    navigate(listHref);
  };
  return (
    <section className="card stack narrow-card" aria-labelledby={titleId}>
      <div className="row spread">
        <h1 id={titleId}>{heading}</h1>
        <Link href={listHref}>{t('sn.back')}</Link>
      </div>
      <dl className="facts">
        <dt>{t('nt.title')}</dt>
        <dd>{item.title}</dd>
        <dt>{t('nt.status')}</dt>
        <dd>
          <StatusBadge status={item.shownStatus} />
        </dd>
        <dt>{t('nt.content')}</dt>
        <dd className="pre-wrap">{item.content || '—'}</dd>
        {extra}
        <dt>{t('nt.image')}</dt>
        <dd>{item.imageUrl ? <img src={item.imageUrl} alt="" className="thumb" /> : '—'}</dd>
        <dt>{linkLabel}</dt>
        <dd>
          {item.newsUrl ? (
            <a href={item.newsUrl} target="_blank" rel="noreferrer">
              {item.newsUrl}
            </a>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('nt.mode')}</dt>
        <dd>{t(`nt.mode.${item.publicationMode}`)}</dd>
        <dt>{t('nt.start')}</dt>
        <dd>{date(item.startDate)}</dd>
        <dt>{t('nt.end')}</dt>
        <dd>{date(item.endDate)}</dd>
        {trailing}
      </dl>
      <div className="row">
        <Link href={editHref} className="button">
          {t('edit')}
        </Link>
        <button type="button" className="danger" onClick={() => void onDelete()}>
          {t('sn.delete')}
        </button>
      </div>
      {dialog}
    </section>
  );
}
