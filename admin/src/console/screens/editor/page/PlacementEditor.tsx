import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { get, useFormContext, type FieldPathByValue } from 'react-hook-form';
import { REFERENCE_VIEWPORT } from '../../../../../../model/constants.ts';
import type { CanvasBox, CanvasPageRect } from '../../../../../../model/canvas-messages.ts';
import type { PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { nudgeBox, placeBox, type Box } from './nudge.ts';

const { width: REF_W, height: REF_H } = REFERENCE_VIEWPORT;
const POINT = 24;

/** A form field that holds a number (a place or a size). */
type NumberField = FieldPathByValue<PageContent, number | null>;

/** One placeable item: which form fields hold its box. Product points have a place and no size. */
type Item = {
  key: string;
  label: string;
  kind: 'button' | 'link' | 'product' | 'text';
  x: NumberField;
  y: NumberField;
  w?: NumberField;
  h?: NumberField;
  box: Box;
};

function itemsOf(content: PageContent, labels: { button: string; link: string; product: string; text: string }): Item[] {
  const items: Item[] = [];
  content.buttons.forEach((button, index) => {
    items.push({
      key: `button-${button.id}`,
      label: `${labels.button} ${index + 1}${button.buttonText ? `: ${button.buttonText}` : ''}`,
      kind: 'button',
      x: `buttons.${index}.buttonPositionLeft`,
      y: `buttons.${index}.buttonPositionTop`,
      w: `buttons.${index}.buttonWidth`,
      h: `buttons.${index}.buttonHeight`,
      box: { x: button.buttonPositionLeft, y: button.buttonPositionTop, w: button.buttonWidth, h: button.buttonHeight },
    });
  });
  content.links.forEach((link, index) => {
    items.push({
      key: `link-${link.id}`,
      label: `${labels.link} ${index + 1}`,
      kind: 'link',
      x: `links.${index}.positionLeft`,
      y: `links.${index}.positionTop`,
      w: `links.${index}.width`,
      h: `links.${index}.height`,
      box: { x: link.positionLeft, y: link.positionTop, w: link.width, h: link.height },
    });
  });
  content.products.forEach((product, index) => {
    items.push({
      key: `product-${product.id}`,
      label: `${labels.product} ${index + 1}${product.productName ? `: ${product.productName}` : ''}`,
      kind: 'product',
      x: `products.${index}.coordinateX`,
      y: `products.${index}.coordinateY`,
      box: { x: product.coordinateX, y: product.coordinateY, w: POINT, h: POINT },
    });
  });
  if (content.detail.mainText && content.detail.mainTextX !== null && content.detail.mainTextY !== null) {
    items.push({ key: 'main-text', label: labels.text, kind: 'text', x: 'detail.mainTextX', y: 'detail.mainTextY', box: { x: content.detail.mainTextX, y: content.detail.mainTextY, w: 160, h: 40 } });
  }
  return items;
}

/**
 * The page at a chosen screen size: buttons, link areas, product points and a placed main text
 * are dragged into place and resized by their corner handle, and the form's numbers follow; arrow
 * keys nudge the focused item 1 px (10 px with Shift), and with Alt change its size. Items are
 * stored at the reference viewport (375 × 739) and the viewer draws them as shares of the page
 * (site-template place.ts), so a handle is the stored box scaled by the page's size over the
 * reference's, offset by where the page lies in the frame (`page`, which the canvas reports: on PC
 * the page is the viewer's centred column). Pointer events rather than a drag library: an item's
 * box is its own form fields, clamped to the reference page, which is all the drag has to do.
 */
export function PlacementEditor({
  imageUrl,
  isVideo,
  selected,
  onSelect,
  canvas,
  measured = [],
  toolbar,
  viewport = REFERENCE_VIEWPORT,
  page,
}: {
  imageUrl: string;
  isVideo: boolean;
  selected: string | null;
  onSelect(key: string): void;
  canvas?: ReactNode;
  measured?: readonly CanvasBox[];
  toolbar?: ReactNode;
  /** The frame's size, in the screen's own pixels. */
  viewport?: { width: number; height: number };
  /** Where the viewer drew the page in that frame; the whole frame until it says. */
  page?: CanvasPageRect;
}) {
  const { t } = useI18n();
  const { watch, setValue, formState } = useFormContext<PageContent>();
  const content = watch();
  const stage = useRef<HTMLDivElement>(null);
  const area = page ?? { x: 0, y: 0, w: viewport.width, h: viewport.height };
  // Screen pixels per stored pixel, across and down.
  const sx = area.w / REF_W;
  const sy = area.h / REF_H;
  const drag = useRef<{ item: Item; mode: 'move' | 'resize'; startX: number; startY: number; box: Item['box']; scaleX: number; scaleY: number } | null>(null);
  const items = itemsOf(content, { button: t('buttons'), link: t('linkAreas'), product: t('products'), text: t('mainText') }).map((item) => {
    if (item.w) return item;
    const drawn = measured.find((box) => box.key === item.key);
    return drawn ? { ...item, box: { ...item.box, w: drawn.w, h: drawn.h } } : item;
  });
  const set = (path: NumberField, value: number) => setValue(path, value, { shouldDirty: true });

  const place = (item: Item, box: Box) => {
    const placed = placeBox(box, Boolean(item.w && item.h));
    set(item.x, placed.x);
    set(item.y, placed.y);
    if (item.w && item.h) {
      set(item.w, placed.w);
      set(item.h, placed.h);
    }
  };

  const start = (item: Item, mode: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    onSelect(item.key);
    event.currentTarget.setPointerCapture(event.pointerId);
    // The stage as drawn (smaller when fitted) over its own size: a pointer's move in the window's pixels.
    const drawn = (stage.current?.getBoundingClientRect().width ?? viewport.width) / viewport.width;
    drag.current = { item, mode, startX: event.clientX, startY: event.clientY, box: { ...item.box }, scaleX: drawn * sx, scaleY: drawn * sy };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) / current.scaleX;
    const dy = (event.clientY - current.startY) / current.scaleY;
    const { box } = current;
    place(current.item, current.mode === 'move' ? { ...box, x: box.x + dx, y: box.y + dy } : { ...box, w: box.w + dx, h: box.h + dy });
  };
  const end = () => {
    drag.current = null;
  };

  const nudge = (item: Item) => (event: KeyboardEvent<HTMLElement>) => {
    const next = nudgeBox(item.box, event, Boolean(item.w && item.h));
    if (!next) return;
    event.preventDefault();
    place(item, next);
  };

  return (
    <figure className="placement">
      <figcaption>
        {t('placement')}
        <small className="hint">{t('placementHint')}</small>
        {toolbar}
      </figcaption>
      <div
        ref={stage}
        className={canvas ? 'stage stage-live' : 'stage'}
        style={{ width: viewport.width, height: viewport.height }}
        data-testid="placement-stage"
        data-viewport={`${viewport.width}x${viewport.height}`}
      >
        {canvas ?? (imageUrl && (isVideo ? <video src={imageUrl} muted className="stage-media" /> : <img src={imageUrl} alt="" className="stage-media" draggable={false} />))}
        {!canvas && !imageUrl && <p className="stage-empty">{t('noImageYet')}</p>}
        {items.map((item) => {
          // An item holding a marked field (a link to nowhere) is marked on the canvas too: the inspector may show another.
          const needsFix = item.kind !== 'text' && Boolean(get(formState.errors, item.x.split('.').slice(0, 2).join('.')));
          return (
            // biome-ignore lint/a11y/useSemanticElements: a positioned box that is dragged, resized by its corner handles (buttons inside it) and nudged by arrow keys; a <button> cannot hold those handles.
            <div
              key={item.key}
              role="button"
              tabIndex={0}
              aria-label={`${item.label} (${Math.round(item.box.x)}, ${Math.round(item.box.y)})${needsFix ? ` · ${t('itemNeedsFix')}` : ''}`}
              data-item={item.key}
              aria-pressed={selected === item.key}
              className={`placed placed-${item.kind}${selected === item.key ? ' placed-selected' : ''}${needsFix ? ' placed-invalid' : ''}`}
              onFocus={() => onSelect(item.key)}
              style={
                item.kind === 'product'
                  ? { left: area.x + (item.box.x - item.box.w / 2) * sx, top: area.y + (item.box.y - item.box.h / 2) * sy, width: item.box.w * sx, height: item.box.h * sy }
                  : { left: area.x + item.box.x * sx, top: area.y + item.box.y * sy, width: item.box.w * sx, height: item.box.h * sy }
              }
              onPointerDown={start(item, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              onKeyDown={nudge(item)}
            >
              <span className="placed-label">{item.kind === 'product' ? '●' : item.label}</span>
              {item.w && <span className="handle" data-handle={item.key} aria-hidden onPointerDown={start(item, 'resize')} onPointerMove={move} onPointerUp={end} onPointerCancel={end} />}
            </div>
          );
        })}
      </div>
    </figure>
  );
}
