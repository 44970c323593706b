import { useState, type DragEvent } from 'react';
import { MAX_ZIP_BYTES } from '../../../../../model/constants.ts';
import { pageContentSchema, type PageDetail } from '../../../../../model/page.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SitePage, SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { messageIn } from '../../i18n/messages.ts';
import { useToast } from '../../ui/toast.tsx';
import { BulkDetailForm } from './BulkDetailForm.tsx';
import { GridNavigator } from './GridNavigator.tsx';
import { type BulkProgress, BulkUploadError, bulkUploadZip } from './bulk-upload-client.ts';
import { useEditorSite } from './editor-context.tsx';
import { uploadMedia } from './media-upload.ts';
import { pagesInOrder } from './pages-in-order.ts';
import { withSavedPage } from './page/site-pages.ts';

/** Natural order of names, so `2.jpg` comes before `10.jpg`. */
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** Places an upload on a page as this screen read it: a page changed since (another tab) is refused, not overwritten. */
function putPage(site: SiteView, page: SitePage, detail: Partial<PageDetail>) {
  const content = pageContentSchema.parse(page);
  return request(
    'PUT /site/:id/page/:pageId',
    { params: { id: site.id, pageId: page.id }, query: { lang: site.lang }, body: { ...content, detail: { ...content.detail, ...detail }, baseRevision: page.revision } },
    { quiet: true },
  );
}

type Bad = { name: string; reason: string };

/** Creative settings: every page at a glance, bulk upload (images, or one ZIP read on the server), bulk detail settings. */
export function CreativesTab({ onOpenPage }: { onOpenPage(id: string): void }) {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const { lang } = useI18n();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [bad, setBad] = useState<Bad[]>([]);
  const [over, setOver] = useState(false);

  /** A ZIP goes to the server whole (streamed), which reads it and places its images in order. */
  const uploadZip = async (file: File) => {
    if (file.size > MAX_ZIP_BYTES) {
      setBad([{ name: file.name, reason: t('zipTooLarge', { file: file.name }) }]);
      return;
    }
    try {
      const result = await bulkUploadZip(site, file, lang, setProgress);
      setBad(await Promise.all(result.bad.map(async (entry) => ({ name: entry.name, reason: await messageIn(lang, entry.key, entry.values) }))));
      if (result.placed) toast(t('uploadDone', { count: result.placed }));
      onSaved(result.site);
    } catch (error) {
      setProgress(null);
      if (error instanceof BulkUploadError || error instanceof ApiError) setBad([{ name: file.name, reason: error.message }]);
      else throw error;
    }
  };

  /** Loose images are each uploaded and placed from the first page on, in name order. */
  const uploadImages = async (files: File[]) => {
    const problems: Bad[] = [];
    const pages = pagesInOrder(site);
    const sorted = [...files].sort(byName);
    problems.push(...sorted.slice(pages.length).map((file) => ({ name: file.name, reason: `${pages.length} ${t('pages')}` })));
    const total = Math.min(sorted.length, pages.length);
    let placed = 0;
    let next = 0;
    // Each page shows its image (in the navigator, on the canvas) as soon as it is placed, not after the last one.
    let shown = site;
    for (const [index, file] of sorted.slice(0, pages.length).entries()) {
      setProgress({ phase: 'reading', done: index, total, percent: Math.round((index / Math.max(total, 1)) * 100) });
      try {
        const stored = await uploadMedia(site.id, file, file.name, true);
        const answer = await putPage(site, pages[next]!, { imageUrl: stored.url });
        shown = withSavedPage(shown, answer.page);
        onSaved(shown);
        next++;
        placed++;
      } catch (error) {
        problems.push({ name: file.name, reason: error instanceof ApiError ? error.message : String(error) });
      }
    }
    setProgress({ phase: 'reading', done: total, total, percent: 100 });
    setBad(problems);
    if (placed) toast(t('uploadDone', { count: placed }));
    onSaved(await request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } }));
  };

  const bulkUpload = async (files: File[]) => {
    setBad([]);
    const zips = files.filter((file) => /\.zip$/i.test(file.name));
    for (const zip of zips) await uploadZip(zip);
    const images = files.filter((file) => !zips.includes(file));
    if (images.length) await uploadImages(images);
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
            <progress max={100} value={progress.percent} aria-label={t('bulkUpload')} data-testid="bulk-progress" />
            <span>{progress.phase === 'sending' ? t('sendingZip', { percent: progress.percent }) : t('readingZip', { done: progress.done, total: progress.total })}</span>
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
        <GridNavigator site={site} onPick={onOpenPage} size="large" />
      </section>
      <BulkDetailForm />
    </div>
  );
}
