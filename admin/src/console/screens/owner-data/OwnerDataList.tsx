import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import type { Language } from '../../../../../model/language.ts';
import { LANGUAGE_NAMES, useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { exportHref, loadOwnerDataPage, type OwnerDataPage } from './load-owner-data.ts';
import { formatWhen, isInvalidRange, localDayBounds, ownerDataHref, valueText, type OwnerDataKind } from './owner-data-kinds.ts';
import { OwnerDataNav } from './OwnerDataNav.tsx';
import { useSiteFacts } from './use-site-facts.ts';

const PAGE_SIZE = 20;

/**
 * /{prefix}/site-member/{id}, /site-contact/{id}, /site-form/{id}: what the site collected, searched,
 * filtered by the owner's days and paged by the API, with the CSV of the same filter.
 */
export default function OwnerDataList({ kind, siteId }: { kind: OwnerDataKind; siteId: string }) {
  const { t, lang } = useI18n();
  const m = useMessages();
  const { account } = useSession();
  const site = useSiteFacts(siteId);
  const ids = useId();
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [csvLang, setCsvLang] = useState<Language | ''>('');
  const [result, setResult] = useState<OwnerDataPage | null>(null);
  const invalidRange = isInvalidRange(from, to);
  const filter = { q: q.trim(), ...localDayBounds(from, to) };
  const filterKey = JSON.stringify(filter);

  useEffect(() => {
    if (invalidRange) return;
    let current = true;
    // Typing in the search box asks once it pauses.
    const timer = setTimeout(() => {
      loadOwnerDataPage(kind, siteId, JSON.parse(filterKey), page, PAGE_SIZE)
        .then((answer) => current && setResult(answer))
        .catch(() => {});
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, siteId, filterKey, page, invalidRange]);

  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;
  const prefix = account!.routePrefix;
  const headerLang = csvLang || site?.defaultLanguage || 'jp';
  const restart =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const title = t(`ownerData.${kind}`);
  return (
    <div className="card owner-data">
      <div className="row spread">
        <h1 id={`${ids}-title`}>
          {title}
          {site ? <span className="hint"> — {site.name}</span> : null}
        </h1>
        <OwnerDataNav siteId={siteId} current={kind} />
      </div>
      <search className="row filters">
        <div className="field">
          <label htmlFor={`${ids}-q`}>{t('search')}</label>
          <input id={`${ids}-q`} type="search" value={q} onChange={(event) => restart(setQ)(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-from`}>{t('ownerData.from')}</label>
          <input id={`${ids}-from`} type="date" value={from} onChange={(event) => restart(setFrom)(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>{t('ownerData.to')}</label>
          <input
            id={`${ids}-to`}
            type="date"
            value={to}
            aria-invalid={invalidRange}
            aria-describedby={invalidRange ? `${ids}-range` : undefined}
            onChange={(event) => restart(setTo)(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setQ('');
            setFrom('');
            setTo('');
            setPage(1);
          }}
        >
          {t('ownerData.clear')}
        </button>
      </search>
      {invalidRange && (
        <p id={`${ids}-range`} className="field-error" role="alert">
          {m('invalidDateRange')}
        </p>
      )}
      <div className="row">
        {site && site.languages.length > 1 && (
          <div className="field">
            <label htmlFor={`${ids}-csv-lang`}>{t('ownerData.csvLanguage')}</label>
            <select id={`${ids}-csv-lang`} value={headerLang} onChange={(event) => setCsvLang(event.target.value as Language)}>
              {site.languages.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </div>
        )}
        {invalidRange ? null : (
          <a className="button" href={exportHref(kind, siteId, filter, headerLang)} download>
            {t('ownerData.downloadCsv')}
          </a>
        )}
      </div>
      {!result ? (
        <p className="loading">{t('loading')}</p>
      ) : (
        <>
          <p className="hint" aria-live="polite">
            {t('ownerData.total', { total: result.total })}
          </p>
          {/* A wide form scrolls sideways; the region takes focus so a keyboard can scroll it. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
          <section className="table-scroll" aria-labelledby={`${ids}-title`} tabIndex={0}>
            <table>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(kind === 'members' ? 'ownerData.registeredAt' : 'ownerData.receivedAt')}</th>
                  {kind === 'members' && <th scope="col">{t('email')}</th>}
                  <th scope="col">{t('language')}</th>
                  {result.columns.map((column) => (
                    <th scope="col" key={column.key}>
                      {column.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link href={ownerDataHref(prefix, kind, siteId, row.id)}>{formatWhen(row.createdAt, lang)}</Link>
                    </td>
                    {kind === 'members' && <td>{row.email}</td>}
                    <td>{LANGUAGE_NAMES[row.lang]}</td>
                    {result.columns.map((column) => (
                      <td key={column.key}>{valueText(row.values[column.key])}</td>
                    ))}
                  </tr>
                ))}
                {result.rows.length === 0 && (
                  <tr>
                    <td colSpan={result.columns.length + (kind === 'members' ? 3 : 2)}>{t('ownerData.none')}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
          <nav className="row" aria-label={t('ownerData.pagination')}>
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </button>
            <span>{t('ownerData.pageOf', { page, pages })}</span>
            <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('next')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
