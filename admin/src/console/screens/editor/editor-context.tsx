import { createContext, useContext, type ReactNode } from 'react';
import type { SiteView } from '../../api/types.ts';
import type { CanvasPopups } from './canvas-popups.ts';
import type { SaveState } from './page/autosave.ts';
import type { HistoryStore } from './page/use-edit-history.ts';
import type { Publishing } from './use-publish.ts';

/** The open page's autosave as the editor's frame uses it: saved before another page, variant or language opens. */
export type PageWork = {
  /** Saves what is typed now; true when nothing is left unsaved. */
  flush(): Promise<boolean>;
  /** Whether a change waits to be saved, or was refused. */
  unsaved(): boolean;
};

/**
 * What every part of the site editor works on: the site in the editing language, how to hand back
 * the site a save answered, the publish the bar runs, and the open page's autosave (which the
 * frame saves before anything replaces the page, and whose state it shows beside the title).
 */
export type EditorSite = {
  site: SiteView;
  onSaved(site: SiteView): void;
  /** The page form says here how to save it (null when it goes) and how its saving stands. */
  registerPageWork(work: PageWork | null): void;
  reportSaveState(state: SaveState): void;
  /** Saves the open page before it is replaced; asks the owner only when that save fails. True when the page may go. */
  leavePage(): Promise<boolean>;
  /** Undo histories of the pages edited since the editor opened, by page (and variant). */
  histories: HistoryStore;
  /** Reads the draft again from the server, e.g. after a save was refused because another tab changed the page. */
  reloadSite(): Promise<void>;
  /** Counts changes to the pages' A/B variants (added, removed), which the site view does not carry: the test panel reads the keys again on each. */
  variantsRevision: number;
  onVariantsChanged(): void;
  publishing: Publishing;
  /** The page on the canvas, and how a site section moves the canvas to another (saving the open one first; the section stays open). */
  canvasPageId: string | undefined;
  showPage(id: string): void;
  /** The popup section's unsaved settings, which the canvas draws in place of the saved ones. */
  canvasPopups: CanvasPopups;
};

const EditorSiteContext = createContext<EditorSite | null>(null);

/** Gives the editor's parts their site; SiteEditor renders it around them. */
export function EditorSiteProvider({ value, children }: { value: EditorSite; children: ReactNode }) {
  return <EditorSiteContext.Provider value={value}>{children}</EditorSiteContext.Provider>;
}

/** The site the editor shows, for a panel or a part of one. */
export function useEditorSite(): EditorSite {
  const value = useContext(EditorSiteContext);
  if (!value) throw new Error('useEditorSite is used outside the site editor');
  return value;
}
