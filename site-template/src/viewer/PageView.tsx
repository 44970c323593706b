import type { Destination } from '../../../model/destination.ts';
import { legibleTextShadow } from '../../../model/contrast.ts';
import type { Language } from '../../../model/language.ts';
import type { ResolvedPage, SiteSnapshot } from '../../../model/snapshot.ts';
import ArrowHint from './ArrowHint.tsx';
import BottomBar from './BottomBar.tsx';
import { isCanvas } from './canvas-mode.ts';
import CtaButton from './CtaButton.tsx';
import LinkArea from './LinkArea.tsx';
import ProductPoint from './ProductPoint.tsx';
import ResponsiveImage from './ResponsiveImage.tsx';
import VideoMedia from './VideoMedia.tsx';
import { destinationOf, preloadedButtonIds, shownButtons } from './cta-rules.ts';
import { companyTabs, footerRows, pageSnsLinks } from './footer-rules.ts';
import { t } from './i18n.ts';
import { rememberReturnPath } from './members.ts';
import { designedPlace } from './place.ts';

type Props = {
  page: ResolvedPage | undefined;
  thumbnail?: string;
  lang: Language;
  priority: boolean;
  full: boolean;
  onNavigate: (destination: Destination) => void;
  /** Site-wide settings the page's own elements use (social links, company info, plan, view mode). */
  site?: SiteSnapshot;
  /** Whether a page lies below this one, which the arrow hint points to. */
  hasBelow?: boolean;
};

/** One page of the grid. Pages far from the current one show only their thumbnail (spec §4). */
export default function PageView({ page, thumbnail, lang, priority, full, onNavigate, site, hasBelow = false }: Props) {
  if (!page || !full) {
    return (
      <div className="sg-page sg-page-placeholder" style={thumbnail ? { backgroundImage: `url(${thumbnail})` } : undefined}>
        {!page && full && <span className="sg-spinner" role="status" aria-label={t('loading', lang)} />}
      </div>
    );
  }
  if (!page.content) {
    // A member's private copy of the page has content; only the public one reaches here.
    return (
      <div className="sg-page sg-page-locked" data-position={page.position}>
        <LockScreen site={site} lang={lang} onNavigate={onNavigate} />
        {site?.poweredBy && <BottomBar sns={[]} tabs={[]} company={site.company} poweredBy lang={lang} pc={site.viewMode === 'PC'} />}
      </div>
    );
  }
  const { detail, buttons, links, products } = page.content;
  const mediaUrl = detail.imageUrl || page.imageUrl;
  const media = mediaUrl ? page.media[mediaUrl] : undefined;
  const mainText = detail.mainText.trim();
  const shown = shownButtons(buttons);
  const eager = preloadedButtonIds(shown);
  const pc = site?.viewMode === 'PC';
  const sns = site ? pageSnsLinks(page.content, site.sns) : [];
  const tabs = site ? companyTabs(page.content, site.company) : [];
  const rows = footerRows({ shownCtas: shown.length, sns: sns.length, companyTabs: tabs.length, poweredBy: site?.poweredBy ?? false });
  const linkDestination = detail.linkButtonText.trim() ? destinationOf(detail.isInternalLink ? 'internal' : 'external', detail.linkDestinationUrl, null) : null;
  return (
    <div className="sg-page" data-position={page.position} data-page-id={page.id}>
      {media?.kind === 'image' && <ResponsiveImage className="sg-media" image={media.image} alt={detail.imageAlt ?? ''} priority={priority} />}
      {media?.kind === 'video' && <VideoMedia className="sg-media" src={media.video.src} hls={detail.hlsPath || media.video.hls} poster={media.video.poster} priority={priority} lang={lang} />}
      {!media && detail.hlsPath && <VideoMedia className="sg-media" hls={detail.hlsPath} priority={priority} lang={lang} />}
      {!media && !detail.hlsPath && <p className="sg-no-media">{t('noMedia', lang)}</p>}
      {links.map((link) => (
        <LinkArea key={link.id} link={link} onNavigate={onNavigate} />
      ))}
      {mainText && (
        <p
          className={detail.mainTextX === null || detail.mainTextY === null ? 'sg-main-text sg-main-text-default' : 'sg-main-text'}
          style={{ ...designedPlace(detail.mainTextX, detail.mainTextY), color: detail.mainTextColor }}
        >
          {detail.mainText}
        </p>
      )}
      {detail.price.trim() && (
        <p className="sg-price" style={{ color: detail.priceTextColor }}>
          {detail.price}
        </p>
      )}
      {linkDestination && linkDestination.kind !== 'external' && (
        <button
          type="button"
          className="sg-link-button"
          style={{ background: detail.linkButtonColor, color: detail.linkTextColor, textShadow: legibleTextShadow(detail.linkTextColor, detail.linkButtonColor) }}
          onClick={() => onNavigate(linkDestination)}
        >
          {detail.linkButtonText}
        </button>
      )}
      {linkDestination?.kind === 'external' && (
        <a
          className="sg-link-button"
          href={linkDestination.url}
          target="_blank"
          rel="noopener"
          style={{ background: detail.linkButtonColor, color: detail.linkTextColor, textShadow: legibleTextShadow(detail.linkTextColor, detail.linkButtonColor) }}
        >
          {detail.linkButtonText}
        </a>
      )}
      {products.map((product) => (
        <ProductPoint key={product.id} product={product} media={page.media} lang={lang} pc={pc} onNavigate={onNavigate} />
      ))}
      {shown.map((button) => (
        <CtaButton key={button.id} button={button} media={page.media} eager={eager.has(button.id)} lang={lang} onNavigate={onNavigate} />
      ))}
      {hasBelow && <ArrowHint color={detail.hoverArrowColor} fadeAfterSeconds={detail.arrowFadeInterval} lang={lang} />}
      {site && <BottomBar sns={rows.sns ? sns : []} tabs={rows.company ? tabs : []} company={site.company} poweredBy={rows.poweredBy} lang={lang} pc={pc} />}
      {/* The owner's canvas shows a members-only page's content with the lock its visitors meet drawn over it. */}
      {page.locked && isCanvas() && <LockScreen site={site} lang={lang} onNavigate={onNavigate} owner />}
    </div>
  );
}

/** What a visitor who is not a member meets on a members-only page: sign up or log in. */
function LockScreen({ site, lang, onNavigate, owner = false }: { site: SiteSnapshot | undefined; lang: Language; onNavigate: (destination: Destination) => void; owner?: boolean }) {
  const toScreen = (screen: 'register' | 'login') => {
    if (site) rememberReturnPath(site.siteId, window.location.pathname + window.location.search);
    onNavigate({ kind: 'screen', screen });
  };
  return (
    <div className={owner ? 'sg-lock sg-lock-owner' : 'sg-lock'}>
      <p>{t('membersOnly', lang)}</p>
      <button type="button" className="sg-lock-register" onClick={() => toScreen('register')}>
        {t('register', lang)}
      </button>
      <button type="button" className="sg-lock-login" onClick={() => toScreen('login')}>
        {t('login', lang)}
      </button>
    </div>
  );
}
