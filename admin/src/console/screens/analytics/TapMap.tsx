import { useId, useState } from 'react';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics-maps.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { heatLegend, shareFigure } from './heat-scale.ts';
import { Legend } from './Legend.tsx';
import type { ReportQuery } from './report-query.ts';
import { TAP_PALETTE, tapRects, tapRegion, topRects } from './tap-layer.ts';
import { TapLayer } from './TapLayer.tsx';
import { useReport } from './use-report.ts';
import { useSiteView } from './use-site-view.ts';

/** Where visitors tapped a chosen page: the bins of the fixed grid as a heat layer over its image, the total, and the busiest places in words. */
export function TapMap({ siteId, query }: { siteId: string; query: ReportQuery }) {
  const { t, lang } = useI18n();
  const ids = useId();
  const site = useSiteView(siteId, query.lang ?? lang);
  const pages = site ? [...site.creatives].sort((a, b) => a.columnIndex - b.columnIndex).flatMap((creative) => [...creative.pages].sort((a, b) => a.row - b.row)) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const page = pages.find((candidate) => candidate.position === chosen) ?? pages[0];
  const cell = page?.position ?? 'A1';
  const report = useReport(JSON.stringify([siteId, query, cell]), (signal) => request('GET /analysis/site/:id/taps', { params: { id: siteId }, query: { ...query, cell } }, { quiet: true, signal }));
  const layer = report.status === 'done' ? tapRects(report.data.bins) : null;
  const imageUrl = page?.detail.imageUrl ?? '';
  const isVideo = site?.media.find((record) => imageUrl.endsWith(`/${record.id}`))?.kind === 'video';
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={report.status === 'loading' || !site} data-testid="tap-map">
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('am.tapMap')}</h2>
        <ChoiceField label={t('am.tapPage')} value={cell} options={pages.map((option) => ({ value: option.position, label: option.position }))} onChange={setChosen} all={false} disabled={!site} />
      </div>
      {report.status === 'refused' && (
        <p className="banner" role="status">
          {report.message}
        </p>
      )}
      {report.status === 'loading' && <p className="loading">{t('loading')}</p>}
      {layer && page && (
        <div className="tap-map">
          <TapLayer imageUrl={imageUrl} isVideo={isVideo} rects={layer.rects} label={`${t('am.tapImage', { cell })}: ${t('am.totalTaps', { n: layer.total })}`} />
          <div className="stack">
            <p data-testid="tap-total">
              <strong>{t('am.totalTaps', { n: layer.total })}</strong>
            </p>
            {!imageUrl && <p className="hint">{t('am.noImage')}</p>}
            {layer.total === 0 ? (
              <p className="hint">{t('am.noTaps')}</p>
            ) : (
              <>
                <Legend
                  title={t('am.tapLegend')}
                  testId="tap-legend"
                  steps={heatLegend(layer.max, true)
                    .filter((step) => step.level > 0)
                    .map((step) => ({
                      background: TAP_PALETTE[step.level] ?? 'transparent',
                      color: '#000000',
                      label: step.from === step.to ? String(step.to) : t('am.legendRange', { from: step.from, to: step.to }),
                    }))}
                />
                <h3>{t('am.topTaps')}</h3>
                <ol data-testid="tap-top">
                  {topRects(layer.rects).map((rect) => (
                    <li key={`${rect.bin.x}-${rect.bin.y}`}>
                      {t('am.topTap', {
                        taps: rect.taps,
                        share: shareFigure(rect.share, lang),
                        region: t(`am.region.${tapRegion(rect)}`),
                        x1: rect.x,
                        x2: rect.x + rect.width,
                        y1: rect.y,
                        y2: rect.y + rect.height,
                      })}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
