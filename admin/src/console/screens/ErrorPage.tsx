import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n.tsx';
import { PublicFrame } from '../ui/Layout.tsx';

const CODES = ['403', '404', '504', '403-ip'] as const;
type Code = (typeof CODES)[number];

/** Spec §2 error pages: /errors/403, 404, 504 and 403-ip; each offers a way on (spec §8). */
export function ErrorPage({ code }: { code: string }) {
  const { t } = useI18n();
  const known: Code = (CODES as readonly string[]).includes(code) ? (code as Code) : '404';
  return (
    <PublicFrame title={known === '403-ip' ? '403' : known}>
      <p>{t(`error.${known}`)}</p>
      <p className="actions">
        <Link href="/">{t('goHome')}</Link>
        <button type="button" className="secondary" onClick={() => history.back()}>
          {t('goBack')}
        </button>
        {known === '504' && (
          <button type="button" className="secondary" onClick={() => location.reload()}>
            {t('reload')}
          </button>
        )}
      </p>
    </PublicFrame>
  );
}
