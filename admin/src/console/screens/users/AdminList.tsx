import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_ROLES, AUTHORITIES, createSubAdminInputSchema, type AdminRole, type Authority } from '../../../../../model/account.ts';
import { request, type Answer } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { mayManageAdminList } from './user-rules.ts';
import { messageResolver } from '../../forms/message-resolver.ts';

type Admin = Answer<'GET /sub-admin'>['admins'][number];

/** /{prefix}/admin-list: the account's admins (spec §2 admin list); its main contact adds, changes and removes sub-admins. */
export default function AdminList() {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [admins, setAdmins] = useState<Admin[] | null>(null);
  const manage = mayManageAdminList(account!);
  const { confirm, dialog } = useConfirm();
  useEffect(() => {
    void request('GET /sub-admin', {})
      .then((body) => setAdmins(body.admins))
      .catch(() => {});
  }, []);
  const form = useForm<z.input<typeof createSubAdminInputSchema>, unknown, z.output<typeof createSubAdminInputSchema>>({
    resolver: messageResolver(createSubAdminInputSchema, lang),
    defaultValues: { name: '', email: '', role: 'editor', authority: 'edit' },
  });
  const { errors } = form.formState;
  const add = form.handleSubmit(async (values) => {
    try {
      const body = await request('POST /sub-admin', { body: values });
      setAdmins(body.admins);
      form.reset();
      toast(t('adminInvited', { email: values.email }));
    } catch {
      // Said by the client; the typed row stays.
    }
  });
  const change = async (admin: Admin, patch: Partial<Pick<Admin, 'role' | 'authority'>>) => {
    try {
      const body = await request('PUT /sub-admin/:id', { params: { id: admin.id }, body: patch });
      setAdmins(body.admins);
      toast(t('saved'));
    } catch {
      // The selects are controlled by the list, so a refused change shows the stored value again.
    }
  };
  const remove = async (admin: Admin) => {
    if (!(await confirm({ message: t('removeAdminConfirm', { name: admin.name }), confirmLabel: t('remove'), danger: true }))) return;
    try {
      const body = await request('DELETE /sub-admin/:id', { params: { id: admin.id } });
      setAdmins(body.admins);
      toast(t('adminRemoved'));
    } catch {
      // Said by the client.
    }
  };
  return (
    <section className="stack">
      {dialog}
      <div className="card">
        <h1>{t('adminList')}</h1>
        {!admins ? (
          <p className="loading">{t('loading')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>{t('name')}</th>
                <th>{t('email')}</th>
                <th>{t('role')}</th>
                <th>{t('authority')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {admins.map((admin) => {
                // The account's own row leads the list as main contact; it is not a sub-admin.
                const editable = manage && admin.id !== account!.tenantId;
                return (
                  <tr key={admin.id} data-testid={`admin-${admin.email}`}>
                    <td>{admin.name}</td>
                    <td>
                      {admin.email}
                      {!admin.passwordSet && (
                        <>
                          {' '}
                          <span className="badge">{t('invited')}</span>
                        </>
                      )}
                    </td>
                    <td>
                      {editable ? (
                        <select aria-label={t('role')} value={admin.role} onChange={(event) => void change(admin, { role: event.target.value as AdminRole })}>
                          {ADMIN_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`role.${role}`)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        t(`role.${admin.role}`)
                      )}
                    </td>
                    <td>
                      {/* A viewer's authority is always view (the API keeps it so). */}
                      {editable && admin.role !== 'viewer' ? (
                        <select aria-label={t('authority')} value={admin.authority} onChange={(event) => void change(admin, { authority: event.target.value as Authority })}>
                          {AUTHORITIES.map((value) => (
                            <option key={value} value={value}>
                              {t(`authority.${value}`)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        t(`authority.${admin.authority}`)
                      )}
                    </td>
                    <td>
                      {editable && (
                        <button type="button" className="danger" onClick={() => void remove(admin)}>
                          {t('remove')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {manage && (
        <form onSubmit={add} noValidate className="card stack" aria-label={t('addAdmin')}>
          <h2>{t('addAdmin')}</h2>
          <div className="row">
            <Field label={t('name')} error={errors.name}>
              {(p) => <input {...p} {...form.register('name')} />}
            </Field>
            <Field label={t('email')} error={errors.email}>
              {(p) => <input {...p} type="email" {...form.register('email')} />}
            </Field>
            <Field label={t('role')}>
              {(p) => (
                <select {...p} {...form.register('role')}>
                  {ADMIN_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`role.${role}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('authority')}>
              {(p) => (
                <select {...p} {...form.register('authority')}>
                  {AUTHORITIES.map((value) => (
                    <option key={value} value={value}>
                      {t(`authority.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <p className="hint">{t('addAdminHint')}</p>
          <button type="submit" disabled={form.formState.isSubmitting}>
            {t('addAdmin')}
          </button>
        </form>
      )}
    </section>
  );
}
