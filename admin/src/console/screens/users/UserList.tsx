import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { request, type Answer } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useToast } from '../../ui/toast.tsx';
import ImportUsersDialog from './ImportUsersDialog.tsx';
import { mayEditUsers, userApiPrefix } from './user-rules.ts';

type UserPage = Answer<'GET /user'>;
const LIMIT = 20;

/** /{prefix}/user-list: the users of the caller's branch, searched and paged by the API. */
export default function UserList() {
  const { t } = useI18n();
  const { account } = useSession();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<UserPage | null>(null);
  const [importing, setImporting] = useState(false);
  const [loads, setLoads] = useState(0);
  const toast = useToast();
  const prefix = userApiPrefix(account!);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loads` counts reloads asked for after an import.
  useEffect(() => {
    const timer = setTimeout(() => {
      void request('GET /user', { query: { q: query, page: String(page), limit: String(LIMIT) } })
        .then(setResult)
        .catch(() => {});
    }, 200);
    return () => clearTimeout(timer);
  }, [query, page, loads]);
  const pages = result ? Math.max(1, Math.ceil(result.total / LIMIT)) : 1;
  return (
    <section className="card">
      <div className="row spread">
        <h1>{t('userList')}</h1>
        {mayEditUsers(account!) && (
          <div className="row">
            {prefix && (
              <button type="button" className="secondary" onClick={() => setImporting(true)}>
                {t('importCsv')}
              </button>
            )}
            <Link href={`/${account!.routePrefix}/create-user`} className="button">
              {t('createUser')}
            </Link>
          </div>
        )}
        {importing && prefix && (
          <ImportUsersDialog
            prefix={prefix}
            onClose={() => setImporting(false)}
            onImported={(count) => {
              setImporting(false);
              toast(t('usersImported', { count }));
              setLoads((n) => n + 1);
            }}
          />
        )}
      </div>
      <input
        type="search"
        aria-label={t('search')}
        placeholder={t('search')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
      />
      {!result ? (
        <p>{t('loading')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('companyName')}</th>
              <th>{t('email')}</th>
              <th>{t('accountType')}</th>
              <th>{t('plan')}</th>
              <th>{t('contractState')}</th>
            </tr>
          </thead>
          <tbody>
            {result.users.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link href={`/${account!.routePrefix}/user/${user.id}`}>{user.companyName}</Link>
                </td>
                <td>{user.email}</td>
                <td>{user.accountType}</td>
                <td>{user.planId ?? '—'}</td>
                <td>{t(`contract.${user.contractState}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('previous')}
        </button>
        <span>
          {page} / {pages}
        </span>
        <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('next')}
        </button>
      </div>
    </section>
  );
}
