import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { DEFAULT_ITEM_SIZE } from '../../../../../model/constants.ts';
import { buttonSchema, hoverArrowColorSchema, linkAreaSchema, linkTypeSchema, pageContentSchema, pageStatusSchema, productSchema, type PageContent } from '../../../../../model/page.ts';
import { request } from '../../api/request.ts';
import type { SitePage, SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Check, Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { schemaResolver } from '../../ui/schema-resolver.ts';
import { useEditorSite } from './editor-context.tsx';
import { uploadMedia } from './media-upload.ts';
import { PlacementEditor } from './PlacementEditor.tsx';

export function allPages(site: SiteView): SitePage[] {
  return site.creatives.flatMap((creative) => creative.pages);
}

const newId = () => crypto.randomUUID();
const nullableNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) };

/** Creative detail (spec §2, §3): one page's media, texts, link button, arrow, lock, SNS, company, and its placed items. */
export function PageTab({ pageId, onPick }: { pageId: string | undefined; onPick(id: string): void }) {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const pages = allPages(site);
  const page = pages.find((candidate) => candidate.id === pageId) ?? pages[0];
  if (!page) return null;
  return (
    <div className="stack">
      <label className="inline">
        {t('page')}{' '}
        <select aria-label={t('page')} value={page.id} onChange={(event) => onPick(event.target.value)}>
          {pages.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.position}
            </option>
          ))}
        </select>
      </label>
      <PageForm key={page.id} site={site} page={page} onSaved={onSaved} />
    </div>
  );
}

function PageForm({ site, page, onSaved }: { site: SiteView; page: SitePage; onSaved(site: SiteView): void }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<PageContent, unknown, PageContent>({ resolver: schemaResolver(pageContentSchema, (content: PageContent) => content, lang), defaultValues: pageContentSchema.parse(page) });
  const { errors } = form.formState;
  // The page changed elsewhere (a bulk upload placed its image): take that in, keeping whatever is being typed here.
  useEffect(() => {
    form.reset(pageContentSchema.parse(page), { keepDirtyValues: true });
  }, [form, page]);
  const buttons = useFieldArray({ control: form.control, name: 'buttons' });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const products = useFieldArray({ control: form.control, name: 'products' });
  const imageUrl = form.watch('detail.imageUrl');
  const isVideo = site.media.find((record) => imageUrl.endsWith(`/${record.id}`))?.kind === 'video';

  const submit = form.handleSubmit(async (content) => {
    try {
      await request('PUT /site/:id/page/:pageId', { params: { id: site.id, pageId: page.id }, query: { lang: site.lang }, body: content });
      const next = await request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } });
      onSaved(next);
      toast(t('saved'));
    } catch {
      // Refused or failed: the client said why, and the form keeps every typed value.
    }
  });
  const uploadImage = async (file: File | undefined) => {
    if (!file) return;
    const stored = await uploadMedia(site.id, file, file.name).catch(() => null);
    if (stored) form.setValue('detail.imageUrl', stored.url, { shouldDirty: true });
  };
  const text = (name: Parameters<typeof form.register>[0], label: string, error?: { message?: string }, area = false) => (
    <Field label={label} error={error}>
      {(props) => (area ? <textarea {...props} rows={3} {...form.register(name)} /> : <input {...props} {...form.register(name)} />)}
    </Field>
  );
  const number = (name: Parameters<typeof form.register>[0], label: string) => (
    <Field label={label}>{(props) => <input {...props} type="number" {...form.register(name, { valueAsNumber: true })} />}</Field>
  );
  return (
    <form onSubmit={submit} noValidate className="page-editor" aria-label={`${t('tab.page')} ${page.position}`}>
      <div className="stack card">
        <h2>{page.position}</h2>
        <Field label={t('media')}>
          {(props) => <input {...props} type="file" accept="image/png,image/jpeg,video/mp4,video/quicktime,video/mpeg" onChange={(event) => void uploadImage(event.target.files?.[0])} />}
        </Field>
        {text('detail.imageAlt', t('imageAlt'), errors.detail?.imageAlt)}
        {text('detail.mainText', t('mainText'), errors.detail?.mainText, true)}
        <div className="row">
          {text('detail.mainTextColor', t('mainTextColor'), errors.detail?.mainTextColor)}
          <Field label={`${t('mainTextPosition')} x`}>{(props) => <input {...props} type="number" {...form.register('detail.mainTextX', nullableNumber)} />}</Field>
          <Field label={`${t('mainTextPosition')} y`}>{(props) => <input {...props} type="number" {...form.register('detail.mainTextY', nullableNumber)} />}</Field>
        </div>
        <div className="row">
          {text('detail.price', t('price'), errors.detail?.price)}
          {text('detail.priceTextColor', t('priceTextColor'), errors.detail?.priceTextColor)}
        </div>
        <div className="row">
          {text('detail.linkButtonText', t('linkButtonText'), errors.detail?.linkButtonText)}
          {text('detail.linkDestinationUrl', t('linkDestinationUrl'), errors.detail?.linkDestinationUrl)}
        </div>
        <Check label={t('isInternalLink')} {...form.register('detail.isInternalLink')} />
        <div className="row">
          {text('detail.linkButtonColor', t('linkButtonColor'), errors.detail?.linkButtonColor)}
          {text('detail.linkTextColor', t('linkTextColor'), errors.detail?.linkTextColor)}
        </div>
        <div className="row">
          <Field label={t('hoverArrowColor')}>
            {(props) => (
              <select {...props} {...form.register('detail.hoverArrowColor')}>
                {hoverArrowColorSchema.options.map((colour) => (
                  <option key={colour}>{colour}</option>
                ))}
              </select>
            )}
          </Field>
          {number('detail.arrowFadeInterval', t('arrowFadeInterval'))}
        </div>
        <Field label={t('pageStatus')} hint={t('pageStatusHint')}>
          {(props) => (
            <select {...props} {...form.register('status')}>
              {pageStatusSchema.options.map((status) => (
                <option key={status} value={status}>
                  {t(`pageStatus.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Check label={t('membersOnlyLock')} {...form.register('membersOnlyLock')} />
        <Check label={t('snsOnPage')} {...form.register('snsConfig.display')} />
        <Check label={t('showCompany')} {...form.register('showCompany')} />

        <Field label={t('chatbotScript')} error={errors.chatbotScript} hint={t('chatbotScriptHint')}>
          {(props) => <textarea {...props} rows={3} spellCheck={false} {...form.register('chatbotScript')} />}
        </Field>

        <fieldset>
          <legend>{t('buttons')}</legend>
          {buttons.fields.map((field, index) => (
            <div key={field.id} className="item-row" data-testid={`button-${index}`}>
              {text(`buttons.${index}.buttonText`, t('buttonText'), errors.buttons?.[index]?.buttonText)}
              <Field label={t('linkType')}>
                {(props) => (
                  <select {...props} {...form.register(`buttons.${index}.buttonLinkType`)}>
                    {linkTypeSchema.options.map((type) => (
                      <option key={type}>{type}</option>
                    ))}
                  </select>
                )}
              </Field>
              {text(`buttons.${index}.linkDestinationUrl`, t('linkDestinationUrl'), errors.buttons?.[index]?.linkDestinationUrl)}
              {text(`buttons.${index}.buttonColor`, t('linkButtonColor'), errors.buttons?.[index]?.buttonColor)}
              {text(`buttons.${index}.buttonTextColor`, t('linkTextColor'), errors.buttons?.[index]?.buttonTextColor)}
              {number(`buttons.${index}.buttonPositionLeft`, t('left'))}
              {number(`buttons.${index}.buttonPositionTop`, t('top'))}
              {number(`buttons.${index}.buttonWidth`, t('width'))}
              {number(`buttons.${index}.buttonHeight`, t('height'))}
              <button type="button" className="secondary" onClick={() => buttons.remove(index)}>
                {t('remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="secondary"
            onClick={() =>
              buttons.append(
                buttonSchema.parse({ id: newId(), buttonText: 'CTA', buttonPositionLeft: 127, buttonPositionTop: 600, buttonWidth: DEFAULT_ITEM_SIZE.width, buttonHeight: DEFAULT_ITEM_SIZE.height }),
              )
            }
          >
            {t('addButton')}
          </button>
        </fieldset>
        <fieldset>
          <legend>{t('linkAreas')}</legend>
          {links.fields.map((field, index) => (
            <div key={field.id} className="item-row">
              <Field label={t('linkType')}>
                {(props) => (
                  <select {...props} {...form.register(`links.${index}.linkType`)}>
                    {linkTypeSchema.options.map((type) => (
                      <option key={type}>{type}</option>
                    ))}
                  </select>
                )}
              </Field>
              {text(`links.${index}.linkDestinationUrl`, t('linkDestinationUrl'), errors.links?.[index]?.linkDestinationUrl)}
              {number(`links.${index}.positionLeft`, t('left'))}
              {number(`links.${index}.positionTop`, t('top'))}
              {number(`links.${index}.width`, t('width'))}
              {number(`links.${index}.height`, t('height'))}
              <button type="button" className="secondary" onClick={() => links.remove(index)}>
                {t('remove')}
              </button>
            </div>
          ))}
          <button type="button" className="secondary" onClick={() => links.append(linkAreaSchema.parse({ id: newId(), positionLeft: 70, positionTop: 150 }))}>
            {t('addLinkArea')}
          </button>
        </fieldset>
        <fieldset>
          <legend>{t('products')}</legend>
          {products.fields.map((field, index) => (
            <div key={field.id} className="item-row">
              {text(`products.${index}.productName`, t('productName'), errors.products?.[index]?.productName)}
              {text(`products.${index}.price`, t('price'), errors.products?.[index]?.price)}
              {text(`products.${index}.description`, t('description'), errors.products?.[index]?.description)}
              {text(`products.${index}.linkButtonUrl`, t('linkDestinationUrl'), errors.products?.[index]?.linkButtonUrl)}
              {number(`products.${index}.coordinateX`, t('left'))}
              {number(`products.${index}.coordinateY`, t('top'))}
              <button type="button" className="secondary" onClick={() => products.remove(index)}>
                {t('remove')}
              </button>
            </div>
          ))}
          <button type="button" className="secondary" onClick={() => products.append(productSchema.parse({ id: newId(), order: products.fields.length }))}>
            {t('addProduct')}
          </button>
        </fieldset>
        <button type="submit" disabled={form.formState.isSubmitting}>
          {t('savePage')}
        </button>
      </div>
      <PlacementEditor control={form.control} setValue={form.setValue} imageUrl={imageUrl} isVideo={isVideo} />
    </form>
  );
}
