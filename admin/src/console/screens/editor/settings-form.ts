import { z } from 'zod';
import type { Language } from '../../../../../model/language.ts';
import { siteSettingsSchema, type SiteSettings } from '../../../../../model/site.ts';
import { api, type CallOptions } from '../../api/client.ts';
import type { SiteView } from '../../api/types.ts';
import { messageResolver } from '../../forms/message-resolver.ts';

/**
 * A resolver for a part of the site settings: the part is checked as the API checks it, by
 * siteSettingsSchema over the stored settings with the part laid over them, so a message lands
 * on the part's own field (`seo.title`).
 */
export function settingsResolver(base: SiteSettings, lang: Language) {
  return messageResolver(z.preprocess((part) => ({ ...base, ...(part as object) }), siteSettingsSchema), lang) as never;
}

/** Saves only the keys a tab edits (a PUT of settings is a patch); answers the site as the API now has it. */
export function saveSettings(site: SiteView, part: Partial<SiteSettings>, keys: readonly (keyof SiteSettings)[], options?: CallOptions): Promise<SiteView> {
  const patch = Object.fromEntries(keys.map((key) => [key, part[key]]));
  return api.put<SiteView>(`/site/${site.id}?lang=${site.lang}`, patch, options);
}

/** The keys of a settings object, picked. */
export function pick<K extends keyof SiteSettings>(settings: SiteSettings, keys: readonly K[]): Pick<SiteSettings, K> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as Pick<SiteSettings, K>;
}
