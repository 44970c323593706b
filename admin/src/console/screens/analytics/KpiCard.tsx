import { useId } from 'react';
import type { LpSummary } from '../../../../../model/analytics-report.ts';
import '../../i18n/catalogue-analytics.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { changeText, countText, shareText } from './figures.ts';

export type KpiName = keyof LpSummary['kpis'];
type Kpi = LpSummary['kpis'][KpiName];

/** The KPIs that are shares of a whole (shown as percentages); the rest are counts. */
const SHARES: ReadonlySet<KpiName> = new Set(['cvRate', 'bounceRate']);

/**
 * One KPI: its value, and its change on the previous period written with its sign and an arrow
 * (not colour alone), with a sentence for screen readers that says which way and from what.
 */
export function KpiCard({ name, kpi }: { name: KpiName; kpi: Kpi }) {
  const { t, lang } = useI18n();
  const id = useId();
  const figure = (value: number) => (SHARES.has(name) ? shareText(value, lang) : countText(value, lang));
  const previous = figure(kpi.previous);
  const trend = kpi.change === null ? 'none' : kpi.change > 0 ? 'up' : kpi.change < 0 ? 'down' : 'same';
  const said = kpi.change === null ? t('an.change.none') : t(`an.change.${trend === 'none' ? 'same' : trend}`, { change: shareText(Math.abs(kpi.change), lang), previous });
  return (
    <li className="kpi-card" data-kpi={name} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{t(`an.kpi.${name}`)}</h3>
      <p className="kpi-value" data-testid={`kpi-${name}`}>
        {figure(kpi.value)}
      </p>
      <p className={`kpi-change kpi-${trend}`} data-testid={`kpi-${name}-change`}>
        <span aria-hidden="true">
          {trend === 'up' ? '▲ ' : trend === 'down' ? '▼ ' : ''}
          {kpi.change === null ? '—' : changeText(kpi.change, lang)}
        </span>
        <span className="sr-only">{said}</span>
      </p>
    </li>
  );
}
