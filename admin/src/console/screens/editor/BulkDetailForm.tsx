import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BulkDetailPatch } from '../../../../../model/bulk-detail.ts';
import { hoverArrowColorSchema } from '../../../../../model/page.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ColorField } from '../../ui/ColorField.tsx';
import { Field } from '../../ui/Field.tsx';
import { DestinationPicker } from './DestinationPicker.tsx';
import { useToast } from '../../ui/toast.tsx';
import { pagesInOrder } from './pages-in-order.ts';
import { useEditorSite } from './editor-context.tsx';

/** The form as typed: a blank text or "" choice leaves the field unchanged on every page. */
type BulkForm = {
  mainTextColor: string;
  priceTextColor: string;
  hoverArrowColor: '' | BulkDetailPatch['hoverArrowColor'];
  arrowFadeInterval: string;
  linkButtonText: string;
  linkDestinationUrl: string;
  isInternalLink: Toggle;
  linkButtonColor: string;
  linkTextColor: string;
  showSns: Toggle;
  showCompany: Toggle;
  membersOnlyLock: Toggle;
};
type Toggle = '' | 'on' | 'off';

const EMPTY: BulkForm = {
  mainTextColor: '',
  priceTextColor: '',
  hoverArrowColor: '',
  arrowFadeInterval: '',
  linkButtonText: '',
  linkDestinationUrl: '',
  isInternalLink: '',
  linkButtonColor: '',
  linkTextColor: '',
  showSns: '',
  showCompany: '',
  membersOnlyLock: '',
};

const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
const toggle = (value: Toggle) => (value === '' ? undefined : value === 'on');

/** The fields the owner filled in, as the bulk detail contract's patch. */
function patchOf(form: BulkForm): BulkDetailPatch {
  const fade = text(form.arrowFadeInterval);
  return {
    mainTextColor: text(form.mainTextColor),
    priceTextColor: text(form.priceTextColor),
    hoverArrowColor: form.hoverArrowColor || undefined,
    arrowFadeInterval: fade === undefined ? undefined : Number(fade),
    linkButtonText: text(form.linkButtonText),
    linkDestinationUrl: text(form.linkDestinationUrl),
    isInternalLink: toggle(form.isInternalLink),
    linkButtonColor: text(form.linkButtonColor),
    linkTextColor: text(form.linkTextColor),
    showSns: toggle(form.showSns),
    showCompany: toggle(form.showCompany),
    membersOnlyLock: toggle(form.membersOnlyLock),
  };
}

/**
 * Bulk detail settings (B §2): the settings that make sense for many pages at once, applied to
 * the chosen pages in one request; the server checks every page before it writes any.
 */
export function BulkDetailForm() {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const pages = pagesInOrder(site);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(pages.map((page) => page.id)));
  const [refusal, setRefusal] = useState('');
  const form = useForm<BulkForm>({ defaultValues: EMPTY });
  const all = chosen.size === pages.length;
  const pick = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = form.handleSubmit(async (values) => {
    setRefusal('');
    try {
      const answer = await request(
        'PUT /site/:id/pages/detail',
        { params: { id: site.id }, query: { lang: site.lang }, body: { pageIds: pages.filter((page) => chosen.has(page.id)).map((page) => page.id), patch: patchOf(values) } },
        { quiet: true },
      );
      onSaved(answer.site);
      toast(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else throw error;
    }
  });

  const colour = (name: 'mainTextColor' | 'priceTextColor' | 'linkButtonColor' | 'linkTextColor') => <ColorField control={form.control} name={name} label={t(name)} placeholder={t('unchanged')} />;
  const onOff = (name: 'isInternalLink' | 'showSns' | 'showCompany' | 'membersOnlyLock', label: string) => (
    <Field label={label}>
      {(p) => (
        <select {...p} {...form.register(name)}>
          <option value="">{t('unchanged')}</option>
          <option value="on">{t('turnOn')}</option>
          <option value="off">{t('turnOff')}</option>
        </select>
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="card stack" aria-label={t('bulkDetail')}>
      <h2>{t('bulkDetail')}</h2>
      <p className="hint">{t('bulkDetailHint')}</p>
      <fieldset className="bulk-pages">
        <legend>{t('pagesToChange')}</legend>
        <label>
          <input type="checkbox" checked={all} onChange={(event) => setChosen(new Set(event.target.checked ? pages.map((page) => page.id) : []))} />
          {t('allPages')}
        </label>
        {pages.map((page) => (
          <label key={page.id}>
            <input type="checkbox" checked={chosen.has(page.id)} onChange={(event) => pick(page.id, event.target.checked)} />
            {page.position}
          </label>
        ))}
      </fieldset>
      <div className="row">
        {colour('mainTextColor')}
        {colour('priceTextColor')}
        <Field label={t('hoverArrowColor')}>
          {(p) => (
            <select {...p} {...form.register('hoverArrowColor')}>
              <option value="">{t('unchanged')}</option>
              {hoverArrowColorSchema.options.map((value) => (
                <option key={value} value={value}>
                  {t(`arrow.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('arrowFadeInterval')}>{(p) => <input {...p} type="number" min={0} max={3600} {...form.register('arrowFadeInterval')} placeholder={t('unchanged')} />}</Field>
      </div>
      <div className="row">
        <Field label={t('linkButtonText')}>{(p) => <input {...p} {...form.register('linkButtonText')} placeholder={t('unchanged')} />}</Field>
        {onOff('isInternalLink', t('isInternalLink'))}
        <DestinationPicker control={form.control} name="linkDestinationUrl" kind={form.watch('isInternalLink') === 'on' ? 'internal' : 'external'} />
        {colour('linkButtonColor')}
        {colour('linkTextColor')}
      </div>
      <div className="row">
        {onOff('showSns', t('snsOnPage'))}
        {onOff('showCompany', t('showCompany'))}
        {onOff('membersOnlyLock', t('membersOnlyLock'))}
      </div>
      {refusal && (
        <p role="alert" className="error">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={chosen.size === 0}>
        {t('applyToChosen', { count: chosen.size })}
      </button>
    </form>
  );
}
