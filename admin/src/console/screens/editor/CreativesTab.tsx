import { useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { hoverArrowColorSchema, pageContentSchema, pageDetailSchema, type PageDetail } from '../../../../../model/page.ts';
import { colorSchema } from '../../../../../model/validation.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SitePage, SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { messageIn } from '../../i18n/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { uploadMedia } from './media-upload.ts';
import { byName, MAX_ZIP_BYTES, readZipImages, type ZipEntry } from './zip-images.ts';

/** Pages in the order images fill them: category A top to bottom, then B… */
function pagesInOrder(site: SiteView): SitePage[] {
  return [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex).flatMap((creative) => [...creative.pages].sort((a, b) => a.row - b.row));
}

function putPage(site: SiteView, page: SitePage, detail: Partial<PageDetail>) {
  const content = pageContentSchema.parse(page);
  return request(
    'PUT /site/:id/page/:pageId',
    { params: { id: site.id, pageId: page.id }, query: { lang: site.lang }, body: { ...content, detail: { ...content.detail, ...detail } } },
    { quiet: true },
  );
}

type Bad = { name: string; reason: string };

/** Creative settings: every page at a glance, bulk upload (images or one ZIP), bulk detail settings. */
export function CreativesTab({ onOpenPage }: { onOpenPage(id: string): void }) {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [bad, setBad] = useState<Bad[]>([]);
  const [over, setOver] = useState(false);

  const bulkUpload = async (files: File[]) => {
    setBad([]);
    const problems: Bad[] = [];
    const entries: ZipEntry[] = [];
    for (const file of [...files].sort(byName)) {
      if (/\.zip$/i.test(file.name)) {
        if (file.size > MAX_ZIP_BYTES) {
          problems.push({ name: file.name, reason: t('zipTooLarge', { file: file.name }) });
          continue;
        }
        const { images, skipped } = await readZipImages(file);
        entries.push(...images);
        problems.push(...skipped.map((name) => ({ name, reason: 'JPG, PNG, MP4, MOV' })));
      } else entries.push({ name: file.name, blob: file });
    }
    const pages = pagesInOrder(site);
    const total = Math.min(entries.length, pages.length);
    problems.push(...entries.slice(pages.length).map((entry) => ({ name: entry.name, reason: `${pages.length} ${t('pages')}` })));
    setProgress({ done: 0, total });
    let placed = 0;
    let handled = 0;
    let next = 0;
    for (const entry of entries.slice(0, pages.length)) {
      try {
        const stored = await uploadMedia(site.id, entry.blob, entry.name.split('/').pop() ?? entry.name, true);
        await putPage(site, pages[next]!, { imageUrl: stored.url });
        next++;
        placed++;
      } catch (error) {
        problems.push({ name: entry.name, reason: error instanceof ApiError ? error.message : String(error) });
      }
      setProgress({ done: ++handled, total });
    }
    setProgress({ done: total, total });
    setBad(problems);
    if (placed) toast(t('uploadDone', { count: placed }));
    onSaved(await request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } }));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void bulkUpload([...event.dataTransfer.files]);
  };

  return (
    <div className="stack">
      <section className="card stack" aria-label={t('bulkUpload')}>
        <h2>{t('bulkUpload')}</h2>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's shortcut; keyboards use the file chooser inside it. */}
        <div
          className={`dropzone${over ? ' over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="dropzone"
        >
          <p>{t('bulkUploadHint')}</p>
          <label className="button secondary">
            {t('chooseFiles')}
            <input
              type="file"
              multiple
              hidden
              accept="image/png,image/jpeg,.jfif,.heic,.heif,.zip,application/zip"
              aria-label={t('chooseFiles')}
              onChange={(event) => void bulkUpload([...(event.target.files ?? [])])}
            />
          </label>
        </div>
        {progress && (
          <div className="upload-progress">
            <progress max={progress.total || 1} value={progress.done} aria-label={t('bulkUpload')} />
            <span>{t('uploadProgress', progress)}</span>
          </div>
        )}
        {bad.length > 0 && (
          <div role="alert" className="bad-files">
            <h3>{t('badFiles')}</h3>
            <ul>
              {bad.map((problem) => (
                <li key={problem.name}>
                  <strong>{problem.name}</strong>: {problem.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <section className="card" aria-label={t('pages')}>
        <div className="page-grid" style={{ gridTemplateColumns: `repeat(${site.creatives.length}, 96px)` }}>
          {[...site.creatives]
            .sort((a, b) => a.columnIndex - b.columnIndex)
            .map((creative) => (
              <div key={creative.id} className="page-column">
                {creative.pages.map((page) => (
                  <button type="button" key={page.id} className="page-cell" onClick={() => onOpenPage(page.id)} aria-label={page.position}>
                    {page.detail.imageUrl ? <img src={page.detail.imageUrl} alt="" loading="lazy" /> : <span>{page.position}</span>}
                    <small>{page.position}</small>
                  </button>
                ))}
              </div>
            ))}
        </div>
      </section>
      <BulkDetail />
    </div>
  );
}

const BULK_KEYS = ['mainTextColor', 'linkButtonColor', 'linkTextColor', 'hoverArrowColor'] as const;
type BulkForm = Pick<PageDetail, (typeof BULK_KEYS)[number]>;

/** Bulk detail settings: the same colours and arrow on every page, checked by the page detail schema. */
function BulkDetail() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const defaults = pageDetailSchema.parse({});
  const form = useForm<BulkForm>({
    defaultValues: { mainTextColor: defaults.mainTextColor, linkButtonColor: defaults.linkButtonColor, linkTextColor: defaults.linkTextColor, hoverArrowColor: defaults.hoverArrowColor },
  });
  const colour = { validate: async (value: string) => colorSchema.safeParse(value).success || messageIn(lang, 'invalidColour') };
  const submit = form.handleSubmit(async (values) => {
    try {
      for (const page of pagesInOrder(site)) await putPage(site, page, values);
      onSaved(await request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } }));
      toast(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) toast(error.message, 'error');
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="card stack" aria-label={t('bulkDetail')}>
      <h2>{t('bulkDetail')}</h2>
      <div className="row">
        <Field label={t('mainTextColor')} error={errors.mainTextColor}>
          {(p) => <input {...p} {...form.register('mainTextColor', colour)} />}
        </Field>
        <Field label={t('linkButtonColor')} error={errors.linkButtonColor}>
          {(p) => <input {...p} {...form.register('linkButtonColor', colour)} />}
        </Field>
        <Field label={t('linkTextColor')} error={errors.linkTextColor}>
          {(p) => <input {...p} {...form.register('linkTextColor', colour)} />}
        </Field>
        <Field label={t('hoverArrowColor')}>
          {(p) => (
            <select {...p} {...form.register('hoverArrowColor')}>
              {hoverArrowColorSchema.options.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit">{t('applyToAll')}</button>
    </form>
  );
}
