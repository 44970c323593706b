import { useEffect, useState, type FormEvent } from 'react';
import type { IssuerInput } from '../../../../../model/invoice.ts';
import { invoiceText } from '../../../../../model/invoice-texts.ts';
import { tableText } from '../../../../../model/messages/table.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { messagesIfAny } from '../../i18n/messages.ts';
import { canChange, useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';

type Refusals = Partial<Record<keyof IssuerInput, string>>;
const FIELDS: readonly (keyof IssuerInput)[] = ['companyName', 'address', 'registrationNumber'];

/**
 * The issuer details printed on the invoices this account issues (the platform's, for its
 * operators; an OEM master's own, for its customers): company name, address and the
 * qualified-invoice registration number, checked by the server (T and 13 digits).
 */
export function IssuerForm() {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [values, setValues] = useState<IssuerInput | null>(null);
  const [nextNumber, setNextNumber] = useState<number | null>(null);
  const [refusals, setRefusals] = useState<Refusals>({});
  const [busy, setBusy] = useState(false);
  const editable = account ? canChange(account) : false;
  const it = (key: Parameters<typeof invoiceText>[1], values?: Parameters<typeof invoiceText>[2]) => invoiceText(lang, key, values);

  useEffect(() => {
    void request('GET /invoice-issuer', {}).then(({ issuer }) => {
      setValues(issuer ? { companyName: issuer.companyName, address: issuer.address, registrationNumber: issuer.registrationNumber } : { companyName: '', address: '', registrationNumber: '' });
      setNextNumber(issuer?.nextNumber ?? null);
    });
  }, []);
  if (!values) return <p className="loading">{t('loading')}</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusals({});
    try {
      const { issuer } = await request('PUT /invoice-issuer', { body: values }, { quiet: true });
      setValues({ companyName: issuer.companyName, address: issuer.address, registrationNumber: issuer.registrationNumber });
      setNextNumber(issuer.nextNumber);
      toast(t('saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const texts = await messagesIfAny(lang);
      const placed: Refusals = {};
      for (const issue of error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        if (field && !placed[field]) placed[field] = texts ? tableText(texts, issue.key, issue.values) : error.message;
      }
      setRefusals(Object.keys(placed).length ? placed : { companyName: error.message });
    } finally {
      setBusy(false);
    }
  };
  const set = (field: keyof IssuerInput) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  return (
    <section className="card stack narrow-card" aria-labelledby="issuer-title">
      <h2 id="issuer-title">{it('issuerSettings')}</h2>
      <p className="hint">{it('issuerHint')}</p>
      <form className="stack" onSubmit={save} noValidate>
        <Field label={it('companyName')} error={{ message: refusals.companyName }}>
          {(aria) => <input {...aria} value={values.companyName} onChange={set('companyName')} maxLength={120} required disabled={!editable} />}
        </Field>
        <Field label={it('address')} error={{ message: refusals.address }}>
          {(aria) => <input {...aria} value={values.address} onChange={set('address')} maxLength={256} required disabled={!editable} />}
        </Field>
        <Field label={it('registrationNumber')} error={{ message: refusals.registrationNumber }} hint={it('registrationHint')}>
          {(aria) => <input {...aria} value={values.registrationNumber} onChange={set('registrationNumber')} placeholder="T1234567890123" spellCheck={false} required disabled={!editable} />}
        </Field>
        {nextNumber !== null && <p className="hint">{it('nextNumber', { n: String(nextNumber).padStart(6, '0') })}</p>}
        <div className="row">
          <button type="submit" disabled={busy || !editable}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}
