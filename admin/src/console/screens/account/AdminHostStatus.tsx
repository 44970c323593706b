import type { OemBranding } from '../../../../../model/branding.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { DnsRecordsTable } from '../../ui/DnsRecordsTable.tsx';

/**
 * Where the OEM's saved admin host stands: pending, with the DNS records that prove it and a check,
 * or verified. Nothing trusts a pending host (no certificate, no sign-in there), so the records are
 * the next step the screen shows.
 */
export function AdminHostStatus({
  branding,
  editable,
  busy,
  onChecked,
}: {
  branding: OemBranding;
  editable: boolean;
  busy: boolean;
  onChecked(next: { branding: OemBranding; found: boolean | null; refusal: string | null }): void;
}) {
  const { t } = useI18n();
  if (branding.adminHostState === 'none') return null;
  if (branding.adminHostState === 'verified') {
    return (
      <p className="banner ok" data-testid="admin-host-state" data-state="verified">
        {t('adminHostVerified', { host: branding.adminHost })}
      </p>
    );
  }
  const check = async () => {
    try {
      const answer = await request('POST /oem-master/branding/admin-host/check', {}, { quiet: true });
      onChecked({ branding: answer.branding, found: answer.check ? answer.check.outcome === 'connected' : null, refusal: null });
    } catch (error) {
      onChecked({ branding, found: null, refusal: error instanceof ApiError ? error.message : String(error) });
    }
  };
  return (
    <div className="stack" data-testid="admin-host-state" data-state="pending">
      <p className="banner">{t('adminHostPending', { host: branding.adminHost })}</p>
      <DnsRecordsTable records={branding.adminHostRecords} testId="admin-host-records" />
      <div className="row">
        <button type="button" className="secondary" disabled={busy || !editable} onClick={() => void check()}>
          {t('domainCheckNow')}
        </button>
      </div>
    </div>
  );
}
