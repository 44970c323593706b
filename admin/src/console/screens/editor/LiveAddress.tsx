import { siteHomeUrl } from '../../../../../model/site-address.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { useSiteHosting } from './use-site-hosting.ts';

/**
 * The site's own address, where visitors find it (its home page in the default language), always
 * in the editor's bar: opened in a new tab or copied in one click. Before the first publish it says
 * so, since the address answers nothing yet.
 */
export function LiveAddress() {
  const { site } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const hosting = useSiteHosting();
  if (!hosting) return null;
  const url = siteHomeUrl(site, hosting);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t('addressCopied'));
    } catch {
      toast(url, 'error');
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the address and its copy button, named together; a fieldset's frame would not fit the bar.
    <div className="live-address" role="group" aria-label={t('liveAddress')} data-testid="live-address">
      <a href={url} target="_blank" rel="noreferrer" title={url} className={site.liveVersion === null ? 'live-link unpublished' : 'live-link'}>
        {url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
      </a>
      {site.liveVersion === null && <small className="hint">{t('notPublishedYet')}</small>}
      <button type="button" className="secondary icon-button" onClick={() => void copy()} aria-label={t('copyAddress')} title={t('copyAddress')}>
        {t('copy')}
      </button>
    </div>
  );
}
