import { useId } from 'react';
import { useI18n } from '../../../i18n/i18n.tsx';
import { VIEWPORTS, viewportById, type ViewportId } from './viewports.ts';

/** Which screen the page is shown at: a select named in the console's language, each size in pixels beside its name. */
export function ViewportPicker({ value, onChange }: { value: ViewportId; onChange(id: ViewportId): void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <span className="row viewport-picker">
      <label htmlFor={id} className="sr-only">
        {t('viewportPicker')}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(viewportById(event.target.value).id)}>
        {VIEWPORTS.map((viewport) => (
          <option key={viewport.id} value={viewport.id}>
            {t(`viewport.${viewport.id}`, { width: viewport.width, height: viewport.height })}
          </option>
        ))}
      </select>
    </span>
  );
}
