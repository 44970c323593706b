import type { UiKey } from '../../i18n/catalogue.ts';
import '../../i18n/catalogue-analytics.ts';

type Translate = (key: UiKey, values?: Record<string, string | number>) => string;

/** A campaign banner or button as the owner knows it: its kind and number on the panel, and a button's text. */
export function campaignItemLabel(item: { kind: 'banner' | 'button'; text: string }, number: number, t: Translate): string {
  const name = t(item.kind === 'banner' ? 'cc.banner' : 'cc.button', { n: number });
  return item.text.trim() ? `${name} · ${item.text}` : name;
}

/** Each item's number among those of its kind, from 1, in the campaign's order. */
export function numberedByKind<T extends { kind: 'banner' | 'button' }>(items: readonly T[]): { item: T; number: number }[] {
  const seen = { banner: 0, button: 0 };
  return items.map((item) => ({ item, number: ++seen[item.kind] }));
}
