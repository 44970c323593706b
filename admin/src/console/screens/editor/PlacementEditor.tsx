import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useWatch, type Control, type FieldPathByValue, type UseFormSetValue } from 'react-hook-form';
import { REFERENCE_VIEWPORT } from '../../../../../model/constants.ts';
import type { PageContent } from '../../../../../model/page.ts';
import { useI18n } from '../../i18n/i18n.tsx';

const { width: STAGE_W, height: STAGE_H } = REFERENCE_VIEWPORT;
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
  box: { x: number; y: number; w: number; h: number };
};

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(Math.max(value, min), Math.max(min, max)));

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
 * The page at the visitor's reference viewport (375 × 739): buttons, link areas, product points
 * and a placed main text are dragged into place and resized by their corner handle, and the
 * form's numbers follow; arrow keys nudge the focused item 1 px (10 px with Shift), and with Alt
 * change its size. Pointer events rather than a drag library: an item's box is its own form
 * fields, clamped to the stage, which is all the drag has to do.
 */
export function PlacementEditor({ control, setValue, imageUrl, isVideo }: { control: Control<PageContent>; setValue: UseFormSetValue<PageContent>; imageUrl: string; isVideo: boolean }) {
  const { t } = useI18n();
  const content = useWatch({ control }) as PageContent;
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ item: Item; mode: 'move' | 'resize'; startX: number; startY: number; box: Item['box']; scale: number } | null>(null);
  const items = itemsOf(content, { button: t('buttons'), link: t('linkAreas'), product: t('products'), text: t('mainText') });
  const set = (path: NumberField, value: number) => setValue(path, value, { shouldDirty: true });

  const place = (item: Item, box: Item['box']) => {
    set(item.x, clamp(box.x, 0, STAGE_W - (item.kind === 'product' ? 0 : box.w)));
    set(item.y, clamp(box.y, 0, STAGE_H - (item.kind === 'product' ? 0 : box.h)));
    // Spec §5: an item's width and height are capped at the container's.
    if (item.w && item.h) {
      set(item.w, clamp(box.w, 8, STAGE_W - clamp(box.x, 0, STAGE_W)));
      set(item.h, clamp(box.h, 8, STAGE_H - clamp(box.y, 0, STAGE_H)));
    }
  };

  const start = (item: Item, mode: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const scale = (stage.current?.getBoundingClientRect().width ?? STAGE_W) / STAGE_W;
    drag.current = { item, mode, startX: event.clientX, startY: event.clientY, box: { ...item.box }, scale };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) / current.scale;
    const dy = (event.clientY - current.startY) / current.scale;
    const { box } = current;
    place(current.item, current.mode === 'move' ? { ...box, x: box.x + dx, y: box.y + dy } : { ...box, w: box.w + dx, h: box.h + dy });
  };
  const end = () => {
    drag.current = null;
  };

  const nudge = (item: Item) => (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx, dy] = delta as [number, number];
    const { box } = item;
    place(item, event.altKey && item.w ? { ...box, w: box.w + dx, h: box.h + dy } : { ...box, x: box.x + dx, y: box.y + dy });
  };

  return (
    <figure className="placement">
      <figcaption>
        {t('placement')}
        <small className="hint">{t('placementHint')}</small>
      </figcaption>
      <div ref={stage} className="stage" style={{ width: STAGE_W, height: STAGE_H }} data-testid="placement-stage">
        {imageUrl && (isVideo ? <video src={imageUrl} muted className="stage-media" /> : <img src={imageUrl} alt="" className="stage-media" draggable={false} />)}
        {!imageUrl && <p className="stage-empty">{t('noImageYet')}</p>}
        {items.map((item) => (
          // biome-ignore lint/a11y/useSemanticElements: a positioned box that is dragged, resized by its corner handles (buttons inside it) and nudged by arrow keys; a <button> cannot hold those handles.
          <div
            key={item.key}
            role="button"
            tabIndex={0}
            aria-label={`${item.label} (${Math.round(item.box.x)}, ${Math.round(item.box.y)})`}
            data-item={item.key}
            className={`placed placed-${item.kind}`}
            style={{ left: item.box.x, top: item.box.y, width: item.box.w, height: item.box.h }}
            onPointerDown={start(item, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            onKeyDown={nudge(item)}
          >
            <span className="placed-label">{item.kind === 'product' ? '●' : item.label}</span>
            {item.w && <span className="handle" data-handle={item.key} aria-hidden onPointerDown={start(item, 'resize')} onPointerMove={move} onPointerUp={end} onPointerCancel={end} />}
          </div>
        ))}
      </div>
    </figure>
  );
}
