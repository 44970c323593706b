import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { CanvasBox, CanvasPageRect } from '../../../../../../model/canvas-messages.ts';
import { applyVariant } from '../../../../../../model/ab/experiment.ts';
import { pageContentInputSchema, pageContentSchema, type PageContent } from '../../../../../../model/page.ts';
import { placeRefusalIssues } from '../../../api/refusal.ts';
import type { SitePage } from '../../../api/types.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { schemaResolver } from '../../../ui/schema-resolver.ts';
import { useEditorSite } from '../editor-context.tsx';
import { Autosaver, type SaveOutcome } from './autosave.ts';
import { CanvasFrame } from './CanvasFrame.tsx';
import { contentAddresses } from './canvas-media.ts';
import { historyKey } from './history-key.ts';
import { Inspector } from './Inspector.tsx';
import { newButton, newLinkArea, newProduct } from './new-items.ts';
import { PlacementEditor } from './PlacementEditor.tsx';
import { ScaledStage } from './ScaledStage.tsx';
import { isFormField, isStaleSave, savePage, saveVariant } from './save-page.ts';
import { withSavedPage } from './site-pages.ts';
import { useEditHistory } from './use-edit-history.ts';
import { ViewportPicker } from './ViewportPicker.tsx';
import { viewportById, type ViewportId } from './viewports.ts';

type NewItemKind = 'button' | 'link' | 'product';

/**
 * A page as the form holds it: a page that never had social links has none shown, which is what its
 * "show social links" box reads on mount; holding that from the start keeps the box's first read
 * from looking like an edit (and saving a page the owner only opened).
 */
const editable = (content: PageContent): PageContent => ({ ...content, snsConfig: content.snsConfig ?? { display: false, sns: [] } });
const ADDABLE: readonly NewItemKind[] = ['button', 'link', 'product'];
const ADD_LABEL = { button: 'addButton', link: 'addLinkArea', product: 'addProduct' } as const;

/**
 * One page in the editor: the canvas in the middle (the viewer itself, items placed on it) and the
 * inspector beside it, which shows what is selected on the canvas, or the page. The page saves
 * itself as it is edited (autosave.ts): content half typed is not sent (the marked field says why),
 * a refusal keeps every typed value, and a save refused because another tab wrote first stops
 * saving until the owner reloads. A site section opened from the rail takes the inspector's
 * place while the canvas stays.
 */
export function PageForm({
  page,
  variant,
  onVariantSaved,
  covered = false,
  onClosePanel,
  pageTools,
}: {
  page: SitePage;
  variant?: { key: string; content: PageContent };
  onVariantSaved?(saved: { key: string; content: PageContent }): void;
  /** A site section is open in the inspector's place: the inspector stays (its selection, its notices) but hidden. */
  covered?: boolean;
  onClosePanel?(): void;
  pageTools?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const { site, onSaved, reloadSite, registerPageWork, reportSaveState, histories } = useEditorSite();
  // A variant is edited as the page a visitor of its arm sees: the control with the variant's parts in place, on the same canvas.
  const contentOf = (control: SitePage) => editable(variant ? applyVariant(pageContentSchema.parse(control), variant.content) : pageContentSchema.parse(control));
  const form = useForm<PageContent, unknown, PageContent>({ resolver: schemaResolver(pageContentInputSchema, (content: PageContent) => content, lang), defaultValues: contentOf(page) });
  const history = useEditHistory(form, { store: histories, key: `${page.id}:${variant?.key ?? 'control'}` });
  const [selected, setSelected] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A save naming media the canvas has not seen reloads it, so they are in its draft.
  const [revision, setRevision] = useState(0);
  const canvasAddresses = useRef(new Set(contentAddresses(form.getValues())));
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
  // Picking an item on the canvas shows its fields alone, in the inspector (a site section open there gives way).
  const select = useCallback(
    (key: string | null) => {
      setSelected(key);
      if (key) onClosePanel?.();
    },
    [onClosePanel],
  );
  // The draft's revision this form is editing from; a save from an older one is refused, not written over another tab's.
  const baseRevision = useRef(page.revision);
  // The content the server holds, as this form would hold it: a change back to it is nothing to save.
  const stored = useRef(JSON.stringify(contentOf(page)));
  // The refusal's text, in the console's language, while this form edits an outdated page.
  const [stale, setStale] = useState<string | null>(null);
  // Set by "Reload": the next page from the server replaces what is typed here instead of merging into it.
  const discardTyped = useRef(false);

  const refusalReason = async (error: unknown): Promise<string> => {
    const values = form.getValues();
    // A refusal naming a field (a custom path another page uses) shows beside it too, without taking the focus from where the owner types.
    const unplaced = await placeRefusalIssues(
      error,
      (path) => isFormField(values, path),
      (path, problem) => {
        if (isFormField(values, path)) form.setError(path, problem);
      },
      lang,
    );
    return unplaced ?? (error instanceof Error ? error.message : String(error));
  };
  /** What the server answered is now the saved state; anything typed since stays, still to save. */
  const settle = (answered: PageContent, sent: string) => {
    const content = editable(answered);
    stored.current = JSON.stringify(content);
    if (JSON.stringify(form.getValues()) === sent) form.reset(content);
    else form.reset(content, { keepValues: true });
    const addresses = contentAddresses(content);
    if (addresses.some((address) => !canvasAddresses.current.has(address))) {
      canvasAddresses.current = new Set(addresses);
      setRevision((count) => count + 1);
    }
  };
  const save = async (): Promise<SaveOutcome> => {
    const sent = JSON.stringify(form.getValues());
    // Checked as the server will (every link leads somewhere), so a half-made page is not sent to be refused.
    const whole = pageContentInputSchema.safeParse(form.getValues());
    if (!whole.success) {
      // The fields are marked where they are, and their items on the canvas (PlacementEditor); the
      // inspector stays on what the owner chose rather than jumping to the item at each autosave.
      await form.trigger();
      return { ok: false, reason: t('saveState.fixField') };
    }
    if (variant) {
      try {
        const saved = await saveVariant(site, page.id, variant.key, whole.data);
        settle(applyVariant(pageContentSchema.parse(page), saved.content), sent);
        onVariantSaved?.(saved);
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: await refusalReason(error) };
      }
    }
    let answer: Awaited<ReturnType<typeof savePage>>;
    try {
      answer = await savePage(site, page.id, whole.data, baseRevision.current);
    } catch (error) {
      if (!isStaleSave(error)) return { ok: false, reason: await refusalReason(error) };
      const message = error instanceof Error ? error.message : '';
      setStale(message);
      return { ok: false, reason: message, hold: true };
    }
    baseRevision.current = answer.page.revision;
    settle(pageContentSchema.parse(answer.page), sent);
    onSaved(withSavedPage(site, answer.page));
    return { ok: true };
  };
  // The saver calls the save of the latest render (its page, its variant, its site).
  const latestSave = useRef(save);
  latestSave.current = save;
  const saver = useMemo(() => new Autosaver(() => latestSave.current(), reportSaveState), [reportSaveState]);
  useEffect(() => {
    registerPageWork({ flush: () => saver.flush(), unsaved: () => saver.unsaved });
    return () => {
      registerPageWork(null);
      saver.dispose();
    };
  }, [saver, registerPageWork]);
  useEffect(() => {
    const subscription = form.watch(() => {
      if (JSON.stringify(form.getValues()) !== stored.current) saver.changed();
    });
    return () => subscription.unsubscribe();
  }, [form, saver]);

  // The page or the variant changed elsewhere (a bulk upload placed its image, a save answered): take that in, keeping
  // whatever is being typed here, which is then still to save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentOf reads only the page and the variant, both listed.
  useEffect(() => {
    const content = contentOf(page);
    stored.current = JSON.stringify(content);
    form.reset(content, { keepDirtyValues: !discardTyped.current });
    discardTyped.current = false;
    baseRevision.current = page.revision;
    if (JSON.stringify(form.getValues()) !== stored.current) saver.changed();
  }, [form, page, variant]);
  const reloadLatest = async () => {
    discardTyped.current = true;
    setStale(null);
    saver.resume();
    await reloadSite();
  };

  // Added from the toolbar, an item is selected at once: the inspector shows its fields.
  const add = (kind: NewItemKind) => {
    const content = form.getValues();
    const id = crypto.randomUUID();
    if (kind === 'button') form.setValue('buttons', [...content.buttons, newButton(content, id)], { shouldDirty: true });
    else if (kind === 'link') form.setValue('links', [...content.links, newLinkArea(id)], { shouldDirty: true });
    else form.setValue('products', [...content.products, newProduct(content, id)], { shouldDirty: true });
    select(`${kind}-${id}`);
  };
  const imageUrl = form.watch('detail.imageUrl');
  const isVideo = site.media.find((record) => imageUrl.endsWith(`/${record.id}`))?.kind === 'video';
  // Escape goes back to the page from wherever the focus is (a field of the item, the canvas, nothing), unless a dialog or a list took it.
  useEffect(() => {
    if (!selected) return;
    const back = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))) return;
      event.preventDefault();
      select(null);
      // The focus goes to the page's heading rather than to the body, with the fields that left.
      requestAnimationFrame(() => heading.current?.focus());
    };
    document.addEventListener('keydown', back);
    return () => document.removeEventListener('keydown', back);
  }, [selected, select]);
  // Delete (or Backspace) on an item focused on the canvas removes it, as its Remove button does; the page is shown again.
  const removeItem = (key: string) => {
    const content = form.getValues();
    if (key.startsWith('button-'))
      form.setValue(
        'buttons',
        content.buttons.filter((item) => `button-${item.id}` !== key),
        { shouldDirty: true },
      );
    else if (key.startsWith('link-'))
      form.setValue(
        'links',
        content.links.filter((item) => `link-${item.id}` !== key),
        { shouldDirty: true },
      );
    else if (key.startsWith('product-'))
      form.setValue(
        'products',
        content.products.filter((item) => `product-${item.id}` !== key),
        { shouldDirty: true },
      );
    else return false;
    select(null);
    requestAnimationFrame(() => heading.current?.focus());
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = event.target instanceof Element ? event.target.closest('[data-item]')?.getAttribute('data-item') : null;
    if (item && (event.key === 'Delete' || event.key === 'Backspace') && removeItem(item)) {
      event.preventDefault();
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saver.flush();
      return;
    }
    const step = historyKey(event);
    if (!step) return;
    event.preventDefault();
    history[step]();
  };
  const staleNotice = stale !== null && (
    <div className="banner stack" role="alert" data-testid="stale-save">
      <span>{stale}</span>
      <button type="button" className="secondary" onClick={() => void reloadLatest()}>
        {t('reloadPage')}
      </button>
    </div>
  );
  return (
    <FormProvider {...form}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys (undo, redo, save) belong to the canvas and the inspector together; each control inside keeps its own role. */}
      <div className="editor-page" onKeyDown={onKeyDown}>
        <section className="editor-canvas" aria-label={t('canvas')}>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of tool buttons named together; a fieldset's frame would not fit the toolbar. */}
          <div className="canvas-toolbar" role="group" aria-label={t('canvasTools')}>
            <div className="row">
              <button type="button" className="secondary icon-button" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z Meta+Z" aria-label={t('undo')} title={t('undo')}>
                <span aria-hidden="true">↶</span>
              </button>
              <button
                type="button"
                className="secondary icon-button"
                onClick={history.redo}
                disabled={!history.canRedo}
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
                aria-label={t('redo')}
                title={t('redo')}
              >
                <span aria-hidden="true">↷</span>
              </button>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a row of tool buttons named together. */}
            <div className="row" role="group" aria-label={t('addToPage')}>
              {ADDABLE.map((kind) => (
                <button key={kind} type="button" className="secondary" onClick={() => add(kind)} aria-label={t(ADD_LABEL[kind])}>
                  + {t(`addShort.${kind}`)}
                </button>
              ))}
            </div>
            <ViewportPicker value={viewportId} onChange={setViewportId} />
          </div>
          {variant && (
            <p className="hint variant-note" role="status">
              {t('variantEditing', { key: variant.key })}
            </p>
          )}
          {/* A click on the canvas outside every item is the pointer's way back to the page; Escape is the keyboard's. */}
          <div className="canvas-area" onPointerDown={() => select(null)}>
            <ScaledStage>
              <PlacementEditor
                imageUrl={imageUrl}
                isVideo={isVideo}
                selected={selected}
                onSelect={select}
                measured={boxes}
                viewport={viewport}
                page={pageRect?.viewport === viewportId ? pageRect.rect : undefined}
                canvas={<CanvasFrame key={revision} pageId={page.id} position={page.position} onBoxes={onBoxes} size={viewport} />}
              />
            </ScaledStage>
          </div>
        </section>
        {
          <form
            hidden={covered}
            className="page-editor inspector"
            aria-label={t('inspectorPage', { position: page.position })}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void saver.flush();
            }}
            onBlur={() => void saver.flush()}
          >
            <Inspector position={page.position} selected={selected} onBack={() => select(null)} heading={heading} notice={staleNotice} pageTools={pageTools} />
          </form>
        }
      </div>
    </FormProvider>
  );
}
