import { useEffect, useState } from 'react';
import type { Language } from '../../../../../model/language.ts';
import { request } from '../../api/request.ts';

/** What the owner-data screens show of the site itself: its name and the languages its CSV headers may take. */
export type SiteFacts = { name: string; languages: Language[]; defaultLanguage: Language };

export function useSiteFacts(siteId: string): SiteFacts | null {
  const [facts, setFacts] = useState<SiteFacts | null>(null);
  useEffect(() => {
    let current = true;
    request('GET /site/:id', { params: { id: siteId } })
      .then(({ settings }) => current && setFacts({ name: settings.name, languages: settings.languages, defaultLanguage: settings.defaultLanguage }))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [siteId]);
  return facts;
}
