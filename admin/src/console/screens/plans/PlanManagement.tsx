import '../../i18n/catalogue-plans.ts';
import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '../../../../../model/plan.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Check } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ErrorPage } from '../ErrorPage.tsx';
import { PlanForm } from './PlanForm.tsx';
import { CATALOGUE_CALLS, managedCatalogue } from './plan-rules.ts';

/**
 * /{prefix}/plan-management (spec B §2): the platform's plans for its operators, an OEM master's
 * own for that OEM master; every version listed, a form for every field, archive. An edit of a
 * plan in use is saved by the API as a new version (the list shows both).
 */
export default function PlanManagement() {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const catalogue = managedCatalogue(account!.effectiveType);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [all, setAll] = useState(false);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const { confirm, dialog } = useConfirm();
  const load = useCallback(async () => {
    if (!catalogue) return;
    const body = all && catalogue === 'master' ? await request('GET /master/plan/all', {}) : await request(CATALOGUE_CALLS[catalogue].list, {});
    setPlans(body.plans);
  }, [catalogue, all]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  if (!catalogue) return <ErrorPage code="403" />;
  const calls = CATALOGUE_CALLS[catalogue];
  const save = async (input: Parameters<typeof request<typeof calls.create>>[1]['body']) => {
    try {
      if (editing === 'new' || editing === null) await request(calls.create, { body: input });
      else await request(calls.edit, { params: { planId: editing.id }, body: input });
      toast(t('pl.saved'));
      setEditing(null);
      await load();
    } catch {
      // Said by the client; the form keeps what was typed.
    }
  };
  const archive = async (plan: Plan) => {
    if (!(await confirm({ message: t('pl.archiveConfirm', { name: plan.name }), confirmLabel: t('pl.archive'), danger: true }))) return;
    try {
      await request(calls.archive, { params: { planId: plan.id } });
      await load();
    } catch {
      // Said by the client.
    }
  };
  const yen = (amount: number) => t('pl.yen', { amount: amount.toLocaleString('ja-JP') });
  return (
    <section className="stack">
      {dialog}
      <div className="card stack">
        <div className="row spread">
          <h1>{t('pl.management')}</h1>
          <button type="button" onClick={() => setEditing('new')}>
            {t('pl.create')}
          </button>
        </div>
        {catalogue === 'master' && <Check label={t('pl.showAll')} checked={all} onChange={(event) => setAll(event.target.checked)} />}
        {!plans ? (
          <p className="loading">{t('loading')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('pl.name')}</th>
                <th scope="col">{t('pl.tier')}</th>
                <th scope="col">{t('pl.price')}</th>
                <th scope="col">{t('pl.limitAccess')}</th>
                <th scope="col">{t('pl.version')}</th>
                <th scope="col">{t('pl.status')}</th>
                {all && <th scope="col">{t('pl.owner')}</th>}
                <th scope="col">
                  <span className="sr-only">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id} data-testid={`plan-${plan.id}`}>
                  <td>
                    {plan.name}
                    {plan.multilingual && (
                      <>
                        {' '}
                        <span className="badge">{t('pl.multilingual')}</span>
                      </>
                    )}
                  </td>
                  <td>{plan.tier}</td>
                  <td>{yen(plan.price)}</td>
                  <td>{plan.limitAccess.toLocaleString('ja-JP')}</td>
                  <td>v{plan.version}</td>
                  <td>
                    <span className={`badge badge-plan-${plan.status}`}>{t(`pl.status.${plan.status}`)}</span>
                  </td>
                  {all && <td>{plan.ownerId ?? t('pl.platform')}</td>}
                  <td className="actions">
                    {plan.status === 'active' && (plan.ownerId === null) === (catalogue === 'master') && (
                      <>
                        <button type="button" className="secondary" onClick={() => setEditing(plan)} aria-label={t('pl.edit', { name: plan.name })}>
                          {t('edit')}
                        </button>
                        <button type="button" className="secondary" onClick={() => void archive(plan)} aria-label={`${t('pl.archive')}: ${plan.name}`}>
                          {t('pl.archive')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {editing && <PlanForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onSave={save} onCancel={() => setEditing(null)} />}
    </section>
  );
}
