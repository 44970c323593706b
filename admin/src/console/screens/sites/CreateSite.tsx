import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { LANGUAGES, type Language } from '../../../../../model/language.ts';
import { createSiteInputSchema } from '../../../../../model/site-input.ts';
import { request } from '../../api/request.ts';
import { LANGUAGE_NAMES, useI18n, useMessages } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { messageResolver } from '../../forms/message-resolver.ts';

type Input = z.input<typeof createSiteInputSchema>;

export default function CreateSite() {
  const { t, lang } = useI18n();
  const m = useMessages();
  const toast = useToast();
  const { account } = useSession();
  const [, navigate] = useLocation();
  const plan = account!.plan;
  const maxPages = plan?.quantitySwipe ?? null;
  const multiLanguage = plan ? plan.multiLanguage : true;
  // The API's schema, plus the plan's cap (spec §5: rows × columns ≤ the plan's max creatives).
  const schema = useMemo(
    () =>
      createSiteInputSchema.superRefine((input, ctx) => {
        if (maxPages !== null && input.numberHorizontal * input.numberVertical > maxPages) {
          ctx.addIssue({ code: 'custom', path: ['numberVertical'], message: 'planCapExceeded', params: { max: maxPages } });
        }
        if (!multiLanguage && input.languages.length > 1) ctx.addIssue({ code: 'custom', path: ['languages'], message: 'languagesPlanLocked' });
      }),
    [maxPages, multiLanguage],
  );
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: messageResolver(schema, lang),
    defaultValues: { name: '', numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp'] },
  });
  const { errors } = form.formState;
  const defaultLanguage = form.watch('defaultLanguage') ?? 'jp';
  const submit = form.handleSubmit(async (input) => {
    try {
      const site = await request('POST /site', { body: input });
      toast(t('saved'));
      navigate(`/${account!.routePrefix}/site/${site.id}`);
    } catch {
      // Said by a toast; the form keeps what was typed.
    }
  });
  return (
    <section className="card narrow-card">
      <h1>{t('createSite')}</h1>
      <form onSubmit={submit} noValidate className="stack">
        <Field label={t('siteName')} error={errors.name}>
          {(props) => <input {...props} {...form.register('name')} />}
        </Field>
        <div className="row">
          <Field label={t('columns')} error={errors.numberHorizontal}>
            {(props) => <input {...props} type="number" min={1} {...form.register('numberHorizontal', { valueAsNumber: true })} />}
          </Field>
          <Field label={t('rows')} error={errors.numberVertical}>
            {(props) => <input {...props} type="number" min={1} {...form.register('numberVertical', { valueAsNumber: true })} />}
          </Field>
        </div>
        {maxPages !== null && (
          <p className="hint" data-testid="plan-cap">
            {t('planCap', { max: maxPages })}
          </p>
        )}
        <Field label={t('defaultLanguage')} error={errors.defaultLanguage}>
          {(props) => (
            <select {...props} {...form.register('defaultLanguage')}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset>
          <legend>{t('languages')}</legend>
          {LANGUAGES.map((code: Language) => (
            <label key={code} className="check">
              <input type="checkbox" value={code} disabled={code === defaultLanguage || !multiLanguage} {...form.register('languages')} /> {LANGUAGE_NAMES[code]}
            </label>
          ))}
          {!multiLanguage && <small className="hint">{m('languagesPlanLocked')}</small>}
          {errors.languages && (
            <small className="field-error" role="alert">
              {errors.languages.message}
            </small>
          )}
        </fieldset>
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('createSite')}
        </button>
      </form>
    </section>
  );
}
