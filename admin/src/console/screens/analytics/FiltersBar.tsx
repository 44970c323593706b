import type { ChartUnit } from '../../../../../model/analytics-report.ts';
import { ENTRY_SOURCES } from '../../../../../model/entry-source.ts';
import type { Language } from '../../../../../model/language.ts';
import { DEVICE_CLASSES } from '../../../../../model/visitor-event.ts';
import { addYears, JAPAN_TIME_ZONE, localDate } from '../../../../../model/zoned-calendar.ts';
import '../../i18n/catalogue-analytics.ts';
import { LANGUAGE_NAMES, useI18n, useMessages } from '../../i18n/i18n.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { DateField } from './DateField.tsx';
import { rangeIssueOf, type ReportQuery } from './report-query.ts';

export type FilterPatch = Partial<Record<'from' | 'to' | 'lang' | 'device' | 'source' | 'variant' | 'unit', string>>;

/** `variants` null: no variant filter (the reports across sites, where a variant means nothing). */
type Props = { query: ReportQuery; unit: ChartUnit; languages: readonly Language[]; variants: readonly string[] | null; onChange(patch: FilterPatch): void; onReset(): void };

/** The range, granularity and filters every section reports with; B §5's refusals are said beside the date at fault. */
export function FiltersBar({ query, unit, languages, variants, onChange, onReset }: Props) {
  const { t } = useI18n();
  const m = useMessages();
  const today = localDate(query.tz ?? JAPAN_TIME_ZONE, Date.now());
  const issue = rangeIssueOf(query, today);
  const errorOf = (field: 'from' | 'to') => (issue?.field === field ? m(issue.key) : null);
  return (
    <search className="row filters analytics-filters" aria-label={t('an.filters')}>
      <DateField label={t('an.from')} value={query.from ?? ''} min={addYears(today, -1)} max={today} error={errorOf('from')} onChange={(from) => onChange({ from })} />
      <DateField label={t('an.to')} value={query.to ?? ''} min={addYears(today, -1)} max={today} error={errorOf('to')} onChange={(to) => onChange({ to })} />
      <ChoiceField
        label={t('an.unit')}
        value={unit}
        all={false}
        options={(['day', 'month'] as const).map((value) => ({ value, label: t(`an.unit.${value}`) }))}
        onChange={(next) => onChange({ unit: next })}
      />
      <ChoiceField label={t('an.lang')} value={query.lang ?? ''} options={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} onChange={(lang) => onChange({ lang })} />
      <ChoiceField label={t('an.device')} value={query.device ?? ''} options={DEVICE_CLASSES.map((value) => ({ value, label: t(`an.device.${value}`) }))} onChange={(device) => onChange({ device })} />
      <ChoiceField label={t('an.source')} value={query.source ?? ''} options={ENTRY_SOURCES.map((value) => ({ value, label: t(`an.source.${value}`) }))} onChange={(source) => onChange({ source })} />
      {variants && (
        <ChoiceField
          label={t('an.variant')}
          value={query.variant ?? ''}
          options={variants.map((value) => ({ value, label: value === 'control' ? t('variantControl') : value }))}
          onChange={(variant) => onChange({ variant })}
        />
      )}
      <button type="button" className="secondary" onClick={onReset}>
        {t('an.reset')}
      </button>
    </search>
  );
}
