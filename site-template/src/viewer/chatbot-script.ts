import { useEffect, useRef } from 'react';

/**
 * Runs a page's chatbotScript (V §3) the first time a visitor is on that page, and never for
 * another page: the viewer is one island on the site's own origin, so the owner's script runs
 * where their head and body tags do, never in the console. A script cannot be unloaded, so a
 * widget it opened stays when the visitor swipes on. The runner is loaded only for a page that
 * has a script: most pages have none, and it would otherwise be 7 KB of every first load.
 */
export function useChatbotScript(pageId: string | undefined, script: string | undefined): void {
  const ran = useRef(new Set<string>());
  useEffect(() => {
    if (!pageId || !script?.trim() || ran.current.has(pageId)) return;
    ran.current.add(pageId);
    void import('../screens/site-script.ts').then(({ runSiteScript }) => runSiteScript(script));
  }, [pageId, script]);
}
