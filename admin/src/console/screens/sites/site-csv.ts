import Papa from 'papaparse';
import type { SiteSummary } from '../../api/types.ts';

/** The site list as a CSV file (spec §2 "Site production list: CSV export"), with a BOM so spreadsheet apps read Japanese right. */
export function sitesCsv(sites: readonly SiteSummary[], statusName: (status: string) => string): string {
  const rows = sites.map((site) => ({
    id: site.id,
    name: site.name,
    status: statusName(site.status),
    columns: site.numberHorizontal,
    rows: site.numberVertical,
    liveVersion: site.liveVersion ?? '',
    publishedAt: site.publishedAt ?? '',
    createdAt: site.createdAt,
    updatedAt: site.updatedAt,
  }));
  return `\uFEFF${Papa.unparse(rows, { columns: ['id', 'name', 'status', 'columns', 'rows', 'liveVersion', 'publishedAt', 'createdAt', 'updatedAt'] })}`;
}

/** Hands a text to the browser as a file download. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
