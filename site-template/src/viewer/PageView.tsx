import { REFERENCE_VIEWPORT } from '../../../model/constants.ts';
import type { Language } from '../../../model/language.ts';
import type { ResolvedPage } from '../../../model/snapshot.ts';
import CtaButton from './CtaButton.tsx';
import ResponsiveImage from './ResponsiveImage.tsx';
import VideoMedia from './VideoMedia.tsx';
import { t } from './i18n.ts';

type Props = {
  page: ResolvedPage | undefined;
  thumbnail?: string;
  lang: Language;
  priority: boolean;
  full: boolean;
  onNavigate: (destination: string) => void;
};

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/** One page of the grid. Pages far from the current one show only their thumbnail (spec §4). */
export default function PageView({ page, thumbnail, lang, priority, full, onNavigate }: Props) {
  if (!page || !full) {
    return (
      <div className="sg-page sg-page-placeholder" style={thumbnail ? { backgroundImage: `url(${thumbnail})` } : undefined}>
        {!page && full && <span className="sg-spinner" role="status" aria-label={t('loading', lang)} />}
      </div>
    );
  }
  if (page.locked || !page.content) {
    return (
      <div className="sg-page sg-page-locked" data-position={page.position}>
        <div className="sg-lock">
          <p>{t('membersOnly', lang)}</p>
          <button type="button" className="sg-lock-register" onClick={() => onNavigate('internal:register')}>{t('register', lang)}</button>
          <button type="button" className="sg-lock-login" onClick={() => onNavigate('internal:login')}>{t('login', lang)}</button>
        </div>
      </div>
    );
  }
  const { detail, buttons } = page.content;
  const mediaUrl = detail.imageUrl || page.imageUrl;
  const media = mediaUrl ? page.media[mediaUrl] : undefined;
  const mainText = detail.mainText?.trim();
  return (
    <div className="sg-page" data-position={page.position} data-page-id={page.id}>
      {media?.kind === 'image' && <ResponsiveImage className="sg-media" image={media.image} alt={detail.imageAlt ?? ''} priority={priority} />}
      {media?.kind === 'video' && <VideoMedia className="sg-media" src={media.video.src} hls={detail.hlsPath || media.video.hls} priority={priority} />}
      {!media && detail.hlsPath && <VideoMedia className="sg-media" hls={detail.hlsPath} priority={priority} />}
      {!media && !detail.hlsPath && <p className="sg-no-media">{t('noMedia', lang)}</p>}
      {mainText && (
        <p
          className="sg-main-text"
          style={{ left: percent(detail.mainTextX ?? 0, REFERENCE_VIEWPORT.width), top: percent(detail.mainTextY ?? 0, REFERENCE_VIEWPORT.height), color: detail.mainTextColor }}
        >
          {detail.mainText}
        </p>
      )}
      {detail.price?.trim() && <p className="sg-price" style={{ color: detail.priceTextColor }}>{detail.price}</p>}
      {detail.linkButtonText?.trim() && detail.linkDestinationUrl && (
        <a
          className="sg-link-button"
          href={detail.linkDestinationUrl}
          style={{ background: detail.linkButtonColor, color: detail.linkTextColor }}
          onClick={(event) => {
            if (detail.isInternalLink) {
              event.preventDefault();
              onNavigate(`internal:${detail.linkDestinationUrl}`);
            }
          }}
        >
          {detail.linkButtonText}
        </a>
      )}
      {buttons.map((button) => <CtaButton key={button.id} button={button} media={page.media} onNavigate={onNavigate} />)}
    </div>
  );
}
