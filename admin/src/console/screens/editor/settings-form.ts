import type { FieldValues, Resolver } from 'react-hook-form';
import type { Language } from '../../../../../model/language.ts';
import type { MessageKey } from '../../../../../model/messages/keys.ts';
import { siteSettingsSchema, type SiteSettings } from '../../../../../model/site.ts';
import { settingsDateRangeIssues } from '../../../../../model/settings-date-ranges.ts';
import type { CallOptions } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import { schemaResolver } from '../../ui/schema-resolver.ts';

/**
 * A resolver for a form over part of the site settings: the form's values, laid over the stored
 * settings by `toSettings`, are checked as the API checks them (siteSettingsSchema), so a message
 * lands on the part's own field (`seo.title`). Valid values are the whole settings as parsed.
 */
export function settingsResolver<Values extends FieldValues>(
  toSettings: (values: Values) => unknown,
  lang: Language,
  stored?: SiteSettings,
  /** Rules the API applies to what a tab sends (its link targets), not to the stored settings. */
  sentIssues?: (settings: SiteSettings) => readonly { path: (string | number)[]; key: MessageKey }[],
): Resolver<Values, unknown, SiteSettings> {
  if (!stored && !sentIssues) return schemaResolver(siteSettingsSchema, toSettings, lang);
  const checked = siteSettingsSchema.superRefine((settings, ctx) => {
    // The dates rule of B §5 for ranges changed since `stored`, as the API checks it on save.
    const dated = stored ? settingsDateRangeIssues(stored, settings, new Date()) : [];
    for (const issue of [...dated, ...(sentIssues?.(settings) ?? [])]) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
  });
  return schemaResolver(checked, toSettings, lang);
}

/** Saves only the keys a tab edits (a PUT of settings is a patch); answers the site as the API now has it. */
export function saveSettings(site: SiteView, part: Partial<SiteSettings>, keys: readonly (keyof SiteSettings)[], options?: CallOptions): Promise<SiteView> {
  const patch = Object.fromEntries(keys.map((key) => [key, part[key]]));
  return request('PUT /site/:id', { params: { id: site.id }, query: { lang: site.lang }, body: patch }, options);
}

/** The keys of a settings object, picked. */
export function pick<K extends keyof SiteSettings>(settings: SiteSettings, keys: readonly K[]): Pick<SiteSettings, K> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as Pick<SiteSettings, K>;
}
