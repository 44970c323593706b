import { POPUP_HEADER_HEIGHT, POPUP_IMAGE_RATIO } from '../../../model/constants.ts';
import { legibleTextShadow } from '../../../model/contrast.ts';
import type { Destination } from '../../../model/destination.ts';
import type { Language } from '../../../model/language.ts';
import type { Product } from '../../../model/page.ts';
import type { MediaMap } from '../../../model/snapshot.ts';
import Overlay from './Overlay.tsx';
import ResponsiveImage from './ResponsiveImage.tsx';
import { destinationOf } from './cta-rules.ts';
import { t } from './i18n.ts';
import { productPopupWidth } from './layout-rules.ts';

type Props = { product: Product; media: MediaMap; lang: Language; pc: boolean; pageWidth: number; onClose: () => void; onNavigate: (destination: Destination) => void };

/**
 * A product's popup (spec §5, §9): image, name, description, the price only when there is one, and
 * the link button only when it has both text and a URL; painted in the product's five colours
 * (background, text, link button, link text, and the point's colour, which is the link button's).
 */
export default function ProductPopup({ product, media, lang, pc, pageWidth, onClose, onNavigate }: Props) {
  const image = product.imagePath ? media[product.imagePath] : undefined;
  const width = productPopupWidth(pageWidth, pc);
  const linkText = product.linkButtonText.trim();
  const destination = linkText ? destinationOf(product.isInternalLink ? 'internal' : 'external', product.linkButtonUrl, null) : null;
  return (
    <Overlay
      label={product.productName.trim() || t('product', lang)}
      lang={lang}
      onClose={onClose}
      className="sg-product-popup"
      style={{ width, background: product.backgroundColor, color: product.textColor, ['--sg-header' as string]: `${POPUP_HEADER_HEIGHT}px` }}
      header={<h2 className="sg-product-name">{product.productName}</h2>}
    >
      <div className="sg-dialog-body">
        {image?.kind === 'image' && (
          <div className="sg-product-image" style={{ aspectRatio: POPUP_IMAGE_RATIO }}>
            <ResponsiveImage image={image.image} alt={product.productName} eager sizes={`${width}px`} />
          </div>
        )}
        {!image && product.imagePath && (
          <div className="sg-product-image" style={{ aspectRatio: POPUP_IMAGE_RATIO }}>
            <img src={product.imagePath} alt={product.productName} />
          </div>
        )}
        {product.price.trim() && <p className="sg-product-price">{product.price}</p>}
        {product.description.trim() && <p className="sg-product-description">{product.description}</p>}
        {destination && (
          <button
            type="button"
            className="sg-product-link"
            data-product-id={product.id}
            style={{ background: product.linkButtonColor, color: product.linkTextColor, textShadow: legibleTextShadow(product.linkTextColor, product.linkButtonColor) }}
            onClick={() => onNavigate(destination)}
          >
            {linkText}
          </button>
        )}
      </div>
    </Overlay>
  );
}
