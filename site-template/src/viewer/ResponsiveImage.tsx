import type { ResponsiveImage as Image } from '../../../model/snapshot.ts';

/** `priority`: the page's main image (high fetch priority); `eager`: load now without raising its priority. */
type Props = { image: Image; alt: string; priority?: boolean; eager?: boolean; className?: string; sizes?: string };

/** A <picture> with modern sources and the fallback; the first page's image loads with high priority. */
export default function ResponsiveImage({ image, alt, priority = false, eager = false, className, sizes = '100vw' }: Props) {
  const fallback = image.sources.find((source) => !source.type.includes('webp') && !source.type.includes('avif'));
  return (
    <picture>
      {image.sources
        .filter((source) => source !== fallback)
        .map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
      <img
        className={className}
        src={image.src}
        srcSet={fallback?.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority || eager ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        // Spelt as the HTML attribute: the server's renderer writes a prop's name as it is given, and `fetchPriority` is no attribute.
        {...{ fetchpriority: priority ? 'high' : 'auto' }}
      />
    </picture>
  );
}
