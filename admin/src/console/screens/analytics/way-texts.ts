import type { Language } from '../../../../../model/language.ts';
import type { UiKey } from '../../i18n/catalogue.ts';
import { shareFigure } from './heat-scale.ts';
import type { WayOut } from './ways-out.ts';

type Translate = (key: UiKey, values?: Record<string, string | number>) => string;

/** A way out in words, with its count and share: what an arrow shows, for a tooltip and a screen reader. */
export function wayText(way: WayOut, t: Translate, lang: Language): string {
  const values = { count: way.count, share: shareFigure(way.share, lang) };
  if (way.direction === 'leave') return t('am.leaveShare', values);
  return t(way.kind === 'move' ? 'am.moveShare' : 'am.exitShare', { ...values, direction: t(`am.dir.${way.direction}`) });
}
