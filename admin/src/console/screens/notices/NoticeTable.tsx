import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { NotificationStatus } from '../../../../../model/notification-delivery.ts';
import type { UiKey } from '../../i18n/catalogue.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useNoticeDate } from './notice-date.ts';
import { StatusBadge } from './notice-status.tsx';

/** What every notice has, a site's visitor notification or a platform announcement. */
export type NoticeRow = { id: string; title: string; shownStatus: NotificationStatus; publicationMode: 'INSTANT' | 'SCHEDULED'; startDate: string | null; endDate: string | null };

/** A column of one screen's own, shown after the status. */
export type NoticeColumn<T> = { heading: UiKey; cell: (item: T) => ReactNode };

/**
 * The list of notices: title (to its detail), status now, the screen's own columns, mode, start,
 * end and an edit link; each row marked with `rowAttribute` = its id.
 */
export function NoticeTable<T extends NoticeRow>({
  items,
  columns = [],
  detailHref,
  editHref,
  rowAttribute,
  empty,
}: {
  items: readonly T[] | null;
  columns?: readonly NoticeColumn<T>[];
  detailHref: (id: string) => string;
  editHref: (id: string) => string;
  rowAttribute: `data-${string}`;
  empty: UiKey;
}) {
  const { t } = useI18n();
  const date = useNoticeDate();
  if (items === null) return <p>{t('loading')}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('nt.title')}</th>
          <th scope="col">{t('nt.status')}</th>
          {columns.map((column) => (
            <th key={column.heading} scope="col">
              {t(column.heading)}
            </th>
          ))}
          <th scope="col">{t('nt.mode')}</th>
          <th scope="col">{t('nt.start')}</th>
          <th scope="col">{t('nt.end')}</th>
          <th scope="col">{t('sn.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} {...{ [rowAttribute]: item.id }}>
            <th scope="row">
              <Link href={detailHref(item.id)}>{item.title}</Link>
            </th>
            <td>
              <StatusBadge status={item.shownStatus} />
            </td>
            {columns.map((column) => (
              <td key={column.heading}>{column.cell(item)}</td>
            ))}
            <td>{t(`nt.mode.${item.publicationMode}`)}</td>
            <td>{date(item.startDate)}</td>
            <td>{date(item.endDate)}</td>
            <td>
              <Link href={editHref(item.id)} aria-label={t('nt.editOf', { title: item.title })}>
                {t('edit')}
              </Link>
            </td>
          </tr>
        ))}
        {items.length === 0 && (
          <tr>
            <td colSpan={6 + columns.length}>{t(empty)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
