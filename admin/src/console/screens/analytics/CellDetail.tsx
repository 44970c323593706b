import type { PageCell } from '../../../../../model/analytics-report.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { metricFigure, metricValue, shareFigure } from './heat-scale.ts';
import { ARROW_DIRECTIONS, waysOut, type WayOut } from './ways-out.ts';

/** The selected page of the heat map in figures: its counts, its ways out by direction with counts and shares, and its chance to convert. */
export function CellDetail({ position, report }: { position: string; report: PageCell | null }) {
  const { t, lang } = useI18n();
  const { ways } = waysOut(report);
  const find = (direction: WayOut['direction'], kind: WayOut['kind']) => ways.find((way) => way.direction === direction && way.kind === kind);
  const figure = (way: WayOut | undefined) => (way ? `${way.count} (${shareFigure(way.share, lang)})` : '—');
  return (
    <section className="card stack cell-detail" aria-label={t('am.cellDetail', { cell: position })} data-testid="cell-detail">
      <h3>{t('am.cellDetail', { cell: position })}</h3>
      <dl className="cell-figures">
        <dt>{t('am.metric.views')}</dt>
        <dd data-testid="detail-views">{metricFigure('views', metricValue(report, 'views'), lang)}</dd>
        <dt>{t('am.metric.landings')}</dt>
        <dd>{metricFigure('landings', metricValue(report, 'landings'), lang)}</dd>
        <dt>{t('am.metric.averageDwellMs')}</dt>
        <dd>{metricFigure('averageDwellMs', metricValue(report, 'averageDwellMs'), lang)}</dd>
        <dt>{t('am.metric.conversions')}</dt>
        <dd>{metricFigure('conversions', metricValue(report, 'conversions'), lang)}</dd>
        <dt>{t('am.metric.conversionChance')}</dt>
        <dd data-testid="detail-chance">
          {metricFigure('conversionChance', metricValue(report, 'conversionChance'), lang)}
          <span className="hint"> {t('am.chanceHint')}</span>
        </dd>
      </dl>
      <table data-testid="detail-ways">
        <caption>{t('am.waysOut')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('am.direction')}</th>
            <th scope="col">{t('am.moved')}</th>
            <th scope="col">{t('am.exited')}</th>
          </tr>
        </thead>
        <tbody>
          {ARROW_DIRECTIONS.map((direction) => (
            <tr key={direction} data-direction={direction}>
              <th scope="row">{t(`am.dir.${direction}`)}</th>
              <td>{figure(find(direction, 'move'))}</td>
              <td>{figure(find(direction, 'exit'))}</td>
            </tr>
          ))}
          <tr data-direction="leave">
            <th scope="row">{t('am.dir.leave')}</th>
            <td>—</td>
            <td>{figure(find('leave', 'exit'))}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
