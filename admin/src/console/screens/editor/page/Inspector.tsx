import type { ReactNode, RefObject } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { ButtonsSection } from './ButtonsSection.tsx';
import { DetailSection } from './DetailSection.tsx';
import { LinksSection } from './LinksSection.tsx';
import { ProductsSection } from './ProductsSection.tsx';

type Selected = { kind: 'button' | 'link' | 'product'; number: number };

/** Which placed item a canvas key names, numbered as the canvas labels it; null for the page itself (nothing selected, the main text, an item just removed). */
function selectedItem(content: PageContent, key: string | null): Selected | null {
  if (!key) return null;
  const lists = [
    ['button', content.buttons],
    ['link', content.links],
    ['product', content.products],
  ] as const;
  for (const [kind, list] of lists) {
    const index = list.findIndex((item) => `${kind}-${item.id}` === key);
    if (index >= 0) return { kind, number: index + 1 };
  }
  return null;
}

/**
 * The right-hand panel of the page editor: what belongs to the selection and nothing else. With
 * nothing selected, the page itself (media, texts, link button, music, access, social links); with
 * a button, a link area or a product selected on the canvas, that item's fields alone, under a way
 * back to the page.
 */
export function Inspector({
  position,
  selected,
  onBack,
  heading,
  notice,
  pageTools,
}: {
  position: string;
  selected: string | null;
  onBack(): void;
  heading: RefObject<HTMLHeadingElement | null>;
  /** Shown above the fields whatever is selected (a refused save and its way out). */
  notice?: ReactNode;
  /** Shown with the page's own fields (its variants). */
  pageTools?: ReactNode;
}) {
  const { t } = useI18n();
  const { watch } = useFormContext<PageContent>();
  const item = selectedItem(watch(), selected);
  const pageTitle = t('inspectorPage', { position });
  return (
    <div className="inspector-inner">
      <div className="inspector-head">
        {item && (
          <button type="button" className="link-button" onClick={onBack}>
            ← {pageTitle}
          </button>
        )}
        <h2 ref={heading} tabIndex={-1}>
          {item ? t(`inspector.${item.kind}`, { n: item.number }) : pageTitle}
        </h2>
      </div>
      {notice}
      {!item && pageTools}
      {item?.kind === 'button' && <ButtonsSection selected={selected} />}
      {item?.kind === 'link' && <LinksSection selected={selected} />}
      {item?.kind === 'product' && <ProductsSection selected={selected} />}
      {!item && <DetailSection />}
    </div>
  );
}
