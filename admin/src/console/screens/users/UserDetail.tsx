import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { canTransition, updateUserInputSchema, type ContractState } from '../../../../../model/account.ts';
import { request, type Answer } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ContractFields, type ContractValues } from './ContractFields.tsx';
import { placeRefusal } from '../../api/refusal.ts';
import { mayEditUsers, userApiPrefix } from './user-rules.ts';
import { UserSites, type UserSite } from './UserSites.tsx';
import { PaymentHistory } from '../payments/PaymentHistory.tsx';
import { messageResolver } from '../../forms/message-resolver.ts';

type UserRow = Answer<'GET /user/:id'>['user'];
type StorageUse = Answer<'GET /user/:id'>['storage'];

/** Bytes as the plan states its quota: megabytes, one decimal under ten. */
const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString()} MB`;
};
type History = Answer<'GET /master/user/:id/user-history'>['history'][number];
/** Spec §6: only master-side users suspend, resume and terminate contracts. */
const PLATFORM = ['MASTER', 'MASTER_USER'];
const ACTIONS = [
  ['suspended', 'suspend'],
  ['active', 'resume'],
  ['terminated', 'terminate'],
] as const;

/** /{prefix}/user/{id}: the contract, its history and, for the platform, the contract actions. */
export default function UserDetail({ userId }: { userId: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [user, setUser] = useState<UserRow | null>(null);
  const [storage, setStorage] = useState<StorageUse>({ usedBytes: 0, quotaBytes: null });
  const [history, setHistory] = useState<History[]>([]);
  const [sites, setSites] = useState<UserSite[] | null>(null);
  const isPlatform = PLATFORM.includes(account!.effectiveType);
  // Masters, OEM masters and OEM admins read their customers' contract history, each under its own prefix (B §7).
  const prefix = userApiPrefix(account!);
  const { confirm, dialog } = useConfirm();
  const load = useCallback(() => {
    void request('GET /user/:id', { params: { id: userId } })
      .then((body) => {
        setUser(body.user);
        setStorage(body.storage);
      })
      .catch(() => {});
    if (prefix !== null)
      void request(`GET /${prefix}/user/:id/user-history`, { params: { id: userId } })
        .then((body) => setHistory(body.history))
        .catch(() => {});
    if (prefix !== null)
      void request('GET /site/list/:id', { params: { id: userId } })
        .then((body) => setSites(body.sites))
        .catch(() => setSites([]));
  }, [userId, prefix]);
  useEffect(load, [load]);
  const change = async (state: ContractState) => {
    if (state === 'terminated' && !(await confirm({ message: t('terminateConfirm'), confirmLabel: t('terminate'), danger: true }))) return;
    try {
      const body = await request('PUT /master/user/:id/contract', { params: { id: userId }, body: { state } });
      setUser(body.user);
      setHistory(body.history);
      toast(t('contractChanged', { state: t(`contract.${state}`) }));
    } catch {
      // Said by the client.
    }
  };
  if (!user) return <p className="loading">{t('loading')}</p>;
  return (
    <section className="stack">
      {dialog}
      <div className="card">
        <h1>{user.companyName}</h1>
        <dl className="facts">
          <dt>{t('email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('contactPerson')}</dt>
          <dd>{user.contactPerson || '—'}</dd>
          <dt>{t('accountType')}</dt>
          <dd>{user.accountType}</dd>
          <dt>{t('plan')}</dt>
          <dd>{user.planId ?? '—'}</dd>
          <dt>{t('storageUsed')}</dt>
          <dd data-testid="storage-used">
            {storage.quotaBytes === null ? t('storageUnlimited', { used: megabytes(storage.usedBytes) }) : `${megabytes(storage.usedBytes)} / ${megabytes(storage.quotaBytes)}`}
          </dd>
          <dt>{t('contractStart')}</dt>
          <dd>{user.contractStart ?? '—'}</dd>
          <dt>{t('contractExpiry')}</dt>
          <dd>{user.contractExpiry ?? '—'}</dd>
          <dt>{t('contractState')}</dt>
          <dd data-testid="contract-state">{t(`contract.${user.contractState}`)}</dd>
        </dl>
        {isPlatform && (
          <div className="row">
            {ACTIONS.filter(([state]) => canTransition(user.contractState, state)).map(([state, label]) => (
              <button key={state} type="button" className={state === 'terminated' ? 'danger' : 'secondary'} onClick={() => void change(state)}>
                {t(label)}
              </button>
            ))}
          </div>
        )}
      </div>
      {mayEditUsers(account!) && <EditUser key={user.id} user={user} onSaved={setUser} />}
      {sites && <UserSites sites={sites} />}
      {prefix !== null && <PaymentHistory accountId={user.id} />}
      {prefix !== null && (
        <div className="card">
          <h2>{t('contractHistory')}</h2>
          <table>
            <thead>
              <tr>
                <th>{t('when')}</th>
                <th>{t('contractState')}</th>
                <th>{t('note')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {history.map((row) => (
                <tr key={row.id}>
                  <td>{new Date(row.at).toLocaleString()}</td>
                  <td>
                    {row.fromState ? `${t(`contract.${row.fromState}`)} → ` : ''}
                    {t(`contract.${row.toState}`)}
                  </td>
                  <td>{row.note}</td>
                  <td>{row.byEmail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const contractValues = (user: UserRow): ContractValues => ({
  companyName: user.companyName,
  contactPerson: user.contactPerson,
  email: user.email,
  planId: user.planId,
  contractStart: user.contractStart,
  contractExpiry: user.contractExpiry,
  authority: user.authority,
  licenseIssued: user.licenseIssued,
});

/** The user's contract fields, changed with `PUT /user/{id}` and checked by the schema the API uses. */
const CONTRACT_FIELDS = ['companyName', 'contactPerson', 'email', 'planId', 'contractStart', 'contractExpiry'] as const;

function EditUser({ user, onSaved }: { user: UserRow; onSaved(user: UserRow): void }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<z.input<typeof updateUserInputSchema>, unknown, z.output<typeof updateUserInputSchema>>({
    resolver: messageResolver(updateUserInputSchema, lang),
    defaultValues: contractValues(user),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const body = await request('PUT /user/:id', { params: { id: user.id }, body: values }, { quiet: true });
      form.reset(contractValues(body.user));
      onSaved(body.user);
      toast(t('saved'));
    } catch (error) {
      // Refused or failed: beside the field the API names, else toasted; what was typed stays.
      const unplaced = await placeRefusal(error, CONTRACT_FIELDS, (field, problem) => form.setError(field, problem, { shouldFocus: true }), lang);
      if (unplaced) toast(unplaced, 'error');
    }
  });
  return (
    <form onSubmit={submit} noValidate className="card stack" aria-label={t('editUser')}>
      <h2>{t('editUser')}</h2>
      <ContractFields register={(name, options) => form.register(name, options)} errors={form.formState.errors} />
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('save')}
      </button>
    </form>
  );
}
