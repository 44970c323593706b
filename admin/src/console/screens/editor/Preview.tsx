import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { MOBILE_PREVIEW } from '../../../../../model/constants.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { ShareDialog } from './ShareDialog.tsx';

/**
 * /site/{siteId}/preview: the saved draft, rendered on the SITE origin by the built viewer (the
 * owner's HTML and scripts never run here), shown in the mobile frame (389 × 737) or as PC.
 */
export default function Preview({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<'mobile' | 'pc'>('mobile');
  useEffect(() => {
    void request('POST /preview/site/:id', { params: { id: siteId } })
      .then((body) => setUrl(body.url))
      .catch(() => {});
  }, [siteId]);
  const size = mode === 'mobile' ? MOBILE_PREVIEW : { width: 1280, height: 720 };
  return (
    <section className="stack preview">
      <div className="row spread">
        <h1>{t('preview')}</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons laid out as a row; role=group names the pair without a fieldset's frame. */}
        <div className="row" role="group" aria-label={t('viewMode')}>
          <button type="button" aria-pressed={mode === 'mobile'} className={mode === 'mobile' ? '' : 'secondary'} onClick={() => setMode('mobile')}>
            {t('previewMobile')}
          </button>
          <button type="button" aria-pressed={mode === 'pc'} className={mode === 'pc' ? '' : 'secondary'} onClick={() => setMode('pc')}>
            {t('previewPc')}
          </button>
          <ShareDialog siteId={siteId} />
          {account && (
            <Link href={`/${account.routePrefix}/site/${siteId}`} className="button secondary">
              {t('edit')}
            </Link>
          )}
        </div>
      </div>
      <div className={`preview-frame preview-${mode}`} style={{ width: size.width, height: size.height }}>
        {url ? <iframe title={t('preview')} sandbox="allow-scripts allow-same-origin allow-popups allow-forms" src={url} width={size.width} height={size.height} /> : <p>{t('loading')}</p>}
      </div>
    </section>
  );
}
