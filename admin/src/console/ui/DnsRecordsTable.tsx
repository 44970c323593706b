import type { DnsRecord } from '../../../../model/domain.ts';
import { useI18n } from '../i18n/i18n.tsx';

/** The DNS records an owner creates to prove a name (a site's custom domain, an OEM's admin host): type, name, value. */
export function DnsRecordsTable({ records, testId }: { records: readonly DnsRecord[]; testId: string }) {
  const { t } = useI18n();
  return (
    <table className="dns-records" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('recordType')}</th>
          <th>{t('recordName')}</th>
          <th>{t('recordValue')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={`${record.type} ${record.value}`}>
            <td>{record.type}</td>
            <td>
              <code>{record.name}</code>
            </td>
            <td>
              <code>{record.value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
