import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { Destination } from '../../../model/destination.ts';
import type { Language } from '../../../model/language.ts';
import type { Product } from '../../../model/page.ts';
import type { MediaMap } from '../../../model/snapshot.ts';
import { t } from './i18n.ts';
import { designedPlace } from './place.ts';

// Few visitors open a product: its popup is a chunk of its own, fetched on the first open.
const ProductPopup = lazy(() => import('./ProductPopup.tsx'));

type Props = { product: Product; media: MediaMap; lang: Language; pc: boolean; onNavigate: (destination: Destination) => void };

/** A product's point on the page (spec §3: at coordinateX, coordinateY; 65, 260 by default); a click opens its popup. */
export default function ProductPoint({ product, media, lang, pc, onNavigate }: Props) {
  const [open, setOpen] = useState(false);
  const [pageWidth, setPageWidth] = useState(0);
  const point = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={point}
        type="button"
        className="sg-product-point"
        data-product-id={product.id}
        aria-label={product.productName.trim() || t('product', lang)}
        aria-haspopup="dialog"
        style={{ ...designedPlace(product.coordinateX, product.coordinateY), ['--sg-point' as string]: product.linkButtonColor }}
        onClick={() => {
          setPageWidth(point.current?.closest('.sg-page')?.clientWidth ?? window.innerWidth);
          setOpen(true);
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <ProductPopup product={product} media={media} lang={lang} pc={pc} pageWidth={pageWidth} onClose={close} onNavigate={onNavigate} />
        </Suspense>
      )}
    </>
  );
}
