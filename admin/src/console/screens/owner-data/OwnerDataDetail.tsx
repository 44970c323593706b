import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { OwnerDataColumn } from '../../../../../model/owner-data.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { loadOwnerDataRow, type OwnerDataRow } from './load-owner-data.ts';
import { formatWhen, ownerDataHref, valueText, type OwnerDataKind } from './owner-data-kinds.ts';
import { useSiteFacts } from './use-site-facts.ts';

/** /{prefix}/site-member/{id}/{memberId} and the entries' likewise: everything one member or entry holds. */
export default function OwnerDataDetail({ kind, siteId, rowId }: { kind: OwnerDataKind; siteId: string; rowId: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const site = useSiteFacts(siteId);
  const titleId = useId();
  const [found, setFound] = useState<{ row: OwnerDataRow; columns: OwnerDataColumn[] } | null>(null);
  useEffect(() => {
    let current = true;
    loadOwnerDataRow(kind, siteId, rowId)
      .then((answer) => current && setFound(answer))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [kind, siteId, rowId]);
  // Each line: a key React tells lines apart by, the label, the value.
  const facts = (row: OwnerDataRow): [string, string, string][] => {
    const lines: [string, string, string][] = [
      ['id', 'ID', row.id],
      ['at', t(kind === 'members' ? 'ownerData.registeredAt' : 'ownerData.receivedAt'), formatWhen(row.createdAt, lang)],
      ['lang', t('language'), LANGUAGE_NAMES[row.lang]],
    ];
    if (row.email !== null) lines.push(['email', t('email'), row.email]);
    if (row.mode) lines.push(['mode', t('ownerData.mode'), row.mode]);
    if (row.notified !== null) lines.push(['notified', t('ownerData.notified'), row.notified ? t('ownerData.notifiedYes') : t('ownerData.notifiedNo', { error: row.notifyError ?? '' })]);
    return lines;
  };
  return (
    <section className="card owner-data" aria-labelledby={titleId}>
      <div className="row spread">
        <h1 id={titleId}>
          {t(`ownerData.detail.${kind}`)}
          {site ? <span className="hint"> — {site.name}</span> : null}
        </h1>
        <Link href={ownerDataHref(account!.routePrefix, kind, siteId)} className="button secondary">
          {t('ownerData.back')}
        </Link>
      </div>
      {!found ? (
        <p className="loading">{t('loading')}</p>
      ) : (
        <table className="detail-table">
          <caption className="sr-only">{t(`ownerData.detail.${kind}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ownerData.field')}</th>
              <th scope="col">{t('ownerData.value')}</th>
            </tr>
          </thead>
          <tbody>
            {[...facts(found.row), ...found.columns.map((column): [string, string, string] => [`field:${column.key}`, column.title, valueText(found.row.values[column.key])])].map(
              ([key, label, value]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td className="pre-line">{value}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
