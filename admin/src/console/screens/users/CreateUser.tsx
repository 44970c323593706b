import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { createUserInputSchema } from '../../../../../model/account.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ContractFields } from './ContractFields.tsx';
import { placeRefusal } from '../../api/refusal.ts';
import { creatableTypes, userApiPrefix } from './user-rules.ts';
import { messageResolver } from '../../forms/message-resolver.ts';

const FIELDS = ['companyName', 'contactPerson', 'email', 'planId', 'contractStart', 'contractExpiry', 'accountType', 'password'] as const;
type Form = z.input<typeof createUserInputSchema>;

/** /{prefix}/create-user: a user of a type below the caller's, created through the caller's own prefix; invited by mail unless given a first password. */
export default function CreateUser() {
  const { t, lang } = useI18n();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { account } = useSession();
  const types = creatableTypes(account!);
  const prefix = userApiPrefix(account!);
  const form = useForm<Form, unknown, z.output<typeof createUserInputSchema>>({
    resolver: messageResolver(createUserInputSchema, lang),
    defaultValues: {
      companyName: '',
      contactPerson: '',
      email: '',
      planId: null,
      contractStart: null,
      contractExpiry: null,
      authority: 'edit',
      licenseIssued: false,
      accountType: types.at(-1) as Form['accountType'],
      password: undefined,
      contractState: 'active',
    },
  });
  const { errors } = form.formState;
  if (!prefix || types.length === 0) return <p className="banner">{t('error.403')}</p>;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { user } = await request(`POST /${prefix}/user`, { body: values }, { quiet: true });
      toast(t('userCreated'));
      navigate(`/${account!.routePrefix}/user/${user.id}`);
    } catch (error) {
      // A refusal naming a field shows beside it; any other is toasted. The form keeps what was typed.
      const unplaced = await placeRefusal(error, FIELDS, (field, problem) => form.setError(field, problem, { shouldFocus: true }), lang);
      if (unplaced) toast(unplaced, 'error');
    }
  });
  return (
    <form onSubmit={submit} noValidate className="card stack" aria-label={t('createUser')}>
      <h1>{t('createUser')}</h1>
      <Field label={t('accountType')}>
        {(p) => (
          <select {...p} {...form.register('accountType')}>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ContractFields register={(name, options) => form.register(name, options)} errors={errors} />
      <div className="row">
        <Field label={t('contractState')}>
          {(p) => (
            <select {...p} {...form.register('contractState')}>
              <option value="active">{t('contract.active')}</option>
              <option value="inactive">{t('contract.inactive')}</option>
            </select>
          )}
        </Field>
        <Field label={t('firstPassword')} hint={t('firstPasswordHint')} error={errors.password}>
          {(p) => <input {...p} type="password" autoComplete="new-password" {...form.register('password', { setValueAs: (value: unknown) => (value === '' ? undefined : value) })} />}
        </Field>
      </div>
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('createUser')}
      </button>
    </form>
  );
}
