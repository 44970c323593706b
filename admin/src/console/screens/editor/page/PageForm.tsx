import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { CanvasBox, CanvasPageRect } from '../../../../../../model/canvas-messages.ts';
import { applyVariant } from '../../../../../../model/ab/experiment.ts';
import { pageContentInputSchema, pageContentSchema, type PageContent } from '../../../../../../model/page.ts';
import { placeRefusalIssues } from '../../../api/refusal.ts';
import type { SitePage } from '../../../api/types.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { schemaResolver } from '../../../ui/schema-resolver.ts';
import { useToast } from '../../../ui/toast.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { ButtonsSection } from './ButtonsSection.tsx';
import { CanvasFrame } from './CanvasFrame.tsx';
import { DetailSection } from './DetailSection.tsx';
import { historyKey } from './history-key.ts';
import { LinksSection } from './LinksSection.tsx';
import { PlacementEditor } from './PlacementEditor.tsx';
import { ProductsSection } from './ProductsSection.tsx';
import { isFormField, isStaleSave, savePage, saveVariant } from './save-page.ts';
import { withSavedPage } from './site-pages.ts';
import { useEditHistory } from './use-edit-history.ts';
import { ViewportPicker } from './ViewportPicker.tsx';
import { viewportById, type ViewportId } from './viewports.ts';

/**
 * One page's form: its sections, the placement stage, undo and redo, and the save. A refused or
 * failed save keeps every typed value (the request client shows why); a saved page is taken
 * from the PUT's answer.
 */
export function PageForm({ page, variant, onVariantSaved }: { page: SitePage; variant?: { key: string; content: PageContent }; onVariantSaved?(saved: { key: string; content: PageContent }): void }) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const { site, onSaved, setUnsaved, reloadSite } = useEditorSite();
  // A variant is edited as the page a visitor of its arm sees: the control with the variant's parts in place, on the same canvas.
  const contentOf = (control: SitePage) => (variant ? applyVariant(pageContentSchema.parse(control), variant.content) : pageContentSchema.parse(control));
  const form = useForm<PageContent, unknown, PageContent>({ resolver: schemaResolver(pageContentInputSchema, (content: PageContent) => content, lang), defaultValues: contentOf(page) });
  const history = useEditHistory(form);
  const [selected, setSelected] = useState<string | null>(null);
  // A save reloads the canvas, so media uploaded since it opened are in its draft.
  const [revision, setRevision] = useState(0);
  const [viewportId, setViewportId] = useState<ViewportId>('design');
  const viewport = viewportById(viewportId);
  // Where the viewer drew each element: the stage sizes its handles for items without a size of their own (a product point, the main text).
  const [boxes, setBoxes] = useState<CanvasBox[]>([]);
  // Where it drew the page in the frame: the handles are laid over it at every screen size.
  const [pageRect, setPageRect] = useState<{ viewport: string; rect: CanvasPageRect } | null>(null);
  const onBoxes = useCallback(
    (measured: CanvasBox[], rect: CanvasPageRect) => {
      setBoxes(measured);
      setPageRect({ viewport: viewportId, rect });
    },
    [viewportId],
  );
  // Picking an item on the stage brings its fields into view in the side panel.
  const select = (key: string) => {
    setSelected(key);
    document.querySelector(`[data-item-fields="${key}"]`)?.scrollIntoView({ block: 'nearest' });
  };
  const { isDirty, isSubmitting } = form.formState;
  // The draft's revision this form is editing from; a save from an older one is refused, not written over another tab's.
  const [baseRevision, setBaseRevision] = useState(page.revision);
  // The refusal's text, in the console's language, while this form edits an outdated page.
  const [stale, setStale] = useState<string | null>(null);
  // Set by "Reload": the next page from the server replaces what is typed here instead of merging into it.
  const discardTyped = useRef(false);
  // The page or the variant changed elsewhere (a bulk upload placed its image, a save answered): take that in, keeping
  // whatever is being typed here. A reset inside the submit handler alone left a saved variant "unsaved": the handler's
  // end marks the form dirty again, and only the control's save had this second reset to clean it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentOf reads only the page and the variant, both listed.
  useEffect(() => {
    form.reset(contentOf(page), { keepDirtyValues: !discardTyped.current });
    discardTyped.current = false;
    setBaseRevision(page.revision);
  }, [form, page, variant]);
  const reloadLatest = async () => {
    discardTyped.current = true;
    setStale(null);
    await reloadSite();
  };
  useEffect(() => {
    setUnsaved(`page-${page.id}`, isDirty);
  }, [setUnsaved, page.id, isDirty]);
  useEffect(() => () => setUnsaved(`page-${page.id}`, false), [setUnsaved, page.id]);

  const imageUrl = form.watch('detail.imageUrl');
  const isVideo = site.media.find((record) => imageUrl.endsWith(`/${record.id}`))?.kind === 'video';

  // A refusal naming a field (a custom path another page uses) shows beside it; any other is
  // toasted. Either way the form keeps every typed value.
  const showRefusal = async (error: unknown) => {
    const values = form.getValues();
    const unplaced = await placeRefusalIssues(
      error,
      (path) => isFormField(values, path),
      (path, problem, focus) => {
        if (isFormField(values, path)) form.setError(path, problem, { shouldFocus: focus });
      },
      lang,
    );
    if (unplaced) toast(unplaced, 'error');
  };
  const submit = form.handleSubmit(async (content) => {
    if (variant) {
      let saved: Awaited<ReturnType<typeof saveVariant>>;
      try {
        saved = await saveVariant(site, page.id, variant.key, content);
      } catch (error) {
        await showRefusal(error);
        return;
      }
      form.reset(applyVariant(pageContentSchema.parse(page), saved.content));
      onVariantSaved?.(saved);
      setRevision((count) => count + 1);
      toast(t('saved'));
      return;
    }
    let answer: Awaited<ReturnType<typeof savePage>>;
    try {
      answer = await savePage(site, page.id, content, baseRevision);
    } catch (error) {
      if (isStaleSave(error)) setStale(error instanceof Error ? error.message : '');
      else await showRefusal(error);
      return;
    }
    setStale(null);
    setBaseRevision(answer.page.revision);
    form.reset(pageContentSchema.parse(answer.page));
    onSaved(withSavedPage(site, answer.page));
    setRevision((count) => count + 1);
    toast(t('saved'));
  });
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const step = historyKey(event);
    if (!step) return;
    event.preventDefault();
    history[step]();
  };
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate className="page-editor" aria-label={`${t('tab.page')} ${page.position}`}>
        <div className="stack card">
          <div className="row spread">
            <h2>{page.position}</h2>
            <div className="row">
              <button type="button" className="secondary" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z Meta+Z">
                {t('undo')}
              </button>
              <button type="button" className="secondary" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z">
                {t('redo')}
              </button>
            </div>
          </div>
          <DetailSection />
          <ButtonsSection selected={selected} />
          <LinksSection selected={selected} />
          <ProductsSection selected={selected} />
          {stale !== null ? (
            <div className="banner row spread" role="alert" data-testid="stale-save">
              <span>{stale}</span>
              <button type="button" className="secondary" onClick={() => void reloadLatest()}>
                {t('reloadPage')}
              </button>
            </div>
          ) : (
            isDirty && (
              <p className="hint" role="status">
                {t('unsaved')}
              </p>
            )
          )}
          <button type="submit" disabled={isSubmitting}>
            {t('savePage')}
          </button>
        </div>
        <PlacementEditor
          imageUrl={imageUrl}
          isVideo={isVideo}
          selected={selected}
          onSelect={select}
          measured={boxes}
          toolbar={<ViewportPicker value={viewportId} onChange={setViewportId} />}
          viewport={viewport}
          page={pageRect?.viewport === viewportId ? pageRect.rect : undefined}
          canvas={<CanvasFrame key={revision} pageId={page.id} position={page.position} onBoxes={onBoxes} size={viewport} />}
        />
      </form>
    </FormProvider>
  );
}
