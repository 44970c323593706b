import { useId, useState } from 'react';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-analytics-maps.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { CellDetail } from './CellDetail.tsx';
import { HeatCell } from './HeatCell.tsx';
import { heatGrid } from './heat-grid.ts';
import { HEAT_METRICS, heatLegend, heatStyle, isWhole, metricFigure, metricValue, type HeatMetric } from './heat-scale.ts';
import { Legend } from './Legend.tsx';
import type { ReportQuery } from './report-query.ts';
import { useReport } from './use-report.ts';
import { useSiteView } from './use-site-view.ts';

/**
 * The site's categories × pages as a table, each page coloured by a chosen metric with its figure
 * printed, and its ways out (moves by direction, exits off the grid, leaving) drawn as arrows: the
 * 2-D funnel of a swipe site. Selecting a page shows its figures.
 */
export function GridHeatMap({ siteId, query }: { siteId: string; query: ReportQuery }) {
  const { t, lang } = useI18n();
  const ids = useId();
  const [metric, setMetric] = useState<HeatMetric>('views');
  const [selected, setSelected] = useState<string | null>(null);
  const site = useSiteView(siteId, query.lang ?? lang);
  const report = useReport(JSON.stringify([siteId, query]), (signal) => request('GET /analysis/site/:id/pages', { params: { id: siteId }, query }, { quiet: true, signal }));
  const cells = report.status === 'done' ? report.data.cells : [];
  const grid = site ? heatGrid(site, cells) : null;
  const max = Math.max(0, ...cells.map((cell) => metricValue(cell, metric)));
  const figure = (value: number) => (metric === 'averageDwellMs' ? t('am.seconds', { n: metricFigure(metric, value, lang) }) : metricFigure(metric, value, lang));
  const chosen = grid?.rows.flat().find((square) => square?.position === selected) ?? null;
  return (
    <section className="stack" aria-labelledby={`${ids}-title`} aria-busy={report.status === 'loading' || !site} data-testid="grid-heat-map">
      <div className="row spread">
        <h2 id={`${ids}-title`}>{t('am.heatMap')}</h2>
        <ChoiceField
          label={t('am.heatMetric')}
          value={metric}
          options={HEAT_METRICS.map((name) => ({ value: name, label: t(`am.metric.${name}`) }))}
          onChange={(value) => setMetric(HEAT_METRICS.find((name) => name === value) ?? 'views')}
          all={false}
        />
      </div>
      {report.status === 'refused' && (
        <p className="banner" role="status">
          {report.message}
        </p>
      )}
      {(report.status === 'loading' || !grid) && report.status !== 'refused' && <p className="loading">{t('loading')}</p>}
      {report.status === 'done' && grid && (
        <>
          <div className="heat-scroll">
            <table className="heat-grid">
              <caption className="sr-only">{`${t('am.heatMap')} — ${t(`am.metric.${metric}`)}`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('am.row')}</th>
                  {grid.columns.map((column) => (
                    <th scope="col" key={column.letters}>
                      <span className="heat-letters">{column.letters}</span> {column.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((squares, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is its number in the grid.
                  <tr key={index}>
                    <th scope="row">{index + 1}</th>
                    {squares.map((square, column) =>
                      square ? (
                        <HeatCell
                          key={square.position}
                          square={square}
                          figure={figure(metricValue(square.report, metric))}
                          style={heatStyle(metricValue(square.report, metric), max)}
                          selected={selected === square.position}
                          onSelect={setSelected}
                        />
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: an empty square has no page to be named by, only its column.
                        <td key={column} className="heat-empty">
                          {t('am.noPage')}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Legend
            title={`${t('am.legend')}: ${t(`am.metric.${metric}`)}`}
            testId="heat-legend"
            steps={heatLegend(max, isWhole(metric)).map((step) => ({
              background: step.background,
              color: step.color,
              label: step.level === 0 ? t('am.legendNone') : step.from === step.to ? figure(step.to) : t('am.legendRange', { from: figure(step.from), to: figure(step.to) }),
            }))}
          />
          <p className="hint">{t('am.arrowsHint')}</p>
          <div aria-live="polite">{chosen ? <CellDetail position={chosen.position} report={chosen.report} /> : <p className="hint">{t('am.selectHint')}</p>}</div>
        </>
      )}
    </section>
  );
}
