import { useI18n } from '../../i18n/i18n.tsx';

/** Every figure the chart draws, as a table: what a screen reader reads instead of the canvas (hidden from sight). */
export function ChartTable({ caption, periods, values, format }: { caption: string; periods: readonly string[]; values: readonly number[]; format: (value: number) => string }) {
  const { t } = useI18n();
  return (
    // The hiding is on a wrapper: a table grows past the 1px box `.sr-only` gives it, and would stretch the page.
    <div className="sr-only">
      <table data-testid="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('an.period')}</th>
            <th scope="col">{caption}</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period, i) => (
            <tr key={period}>
              <th scope="row">{period}</th>
              <td>{format(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
