import { createContext, useContext, type ReactNode } from 'react';
import type { SiteView } from '../../api/types.ts';

/**
 * What every tab of the site editor works on: the site in the editing language, how to hand back
 * the site a save answered, and how a form says it holds unsaved changes (named by the form, so
 * the editor can warn before they are lost to leaving, previewing or switching language).
 */
export type EditorSite = {
  site: SiteView;
  onSaved(site: SiteView): void;
  setUnsaved(form: string, unsaved: boolean): void;
  /** Asks before the page form's unsaved changes are dropped (another page or variant in its place): true when it has none or the owner agrees. */
  mayDropPageEdits(): boolean;
  /** Reads the draft again from the server, e.g. after a save was refused because another tab changed the page. */
  reloadSite(): Promise<void>;
  /** Counts changes to the pages' A/B variants (added, removed), which the site view does not carry: the test panel reads the keys again on each. */
  variantsRevision: number;
  onVariantsChanged(): void;
};

const EditorSiteContext = createContext<EditorSite | null>(null);

/** Gives the editor's tabs their site; SiteEditor renders it around them. */
export function EditorSiteProvider({ value, children }: { value: EditorSite; children: ReactNode }) {
  return <EditorSiteContext.Provider value={value}>{children}</EditorSiteContext.Provider>;
}

/** The site the editor shows, for a tab or a part of one. */
export function useEditorSite(): EditorSite {
  const value = useContext(EditorSiteContext);
  if (!value) throw new Error('useEditorSite is used outside the site editor');
  return value;
}
