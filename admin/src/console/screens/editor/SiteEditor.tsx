import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { DEFAULT_LANGUAGE, type Language } from '../../../../../model/language.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { AnalyticsLink } from '../analytics/AnalyticsLink.tsx';
import { OwnerDataNav } from '../owner-data/OwnerDataNav.tsx';
import { CanvasPopups } from './canvas-popups.ts';
import { EditorSiteProvider, type EditorSite, type PageWork } from './editor-context.tsx';
import { GridNavigator } from './GridNavigator.tsx';
import { LiveAddress } from './LiveAddress.tsx';
import type { SaveState } from './page/autosave.ts';
import { PageTab } from './page/PageTab.tsx';
import { allPages } from './page/site-pages.ts';
import type { HistoryStore } from './page/use-edit-history.ts';
import { PublishControl } from './PublishControl.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { SITE_SECTIONS, SiteSectionPanel, type SiteSection, sectionLabel } from './SiteSectionPanel.tsx';
import { usePublish } from './use-publish.ts';

/**
 * /{prefix}/site/{id}: the site editor, canvas first. The page being edited is in the middle at
 * phone size; the rail on the left holds the grid of pages and the site-wide sections; the
 * inspector on the right shows what is selected on the canvas, or a site section opened from the
 * rail. Preview, Publish and the live address stay in the bar above, with the page's save state.
 */
export default function SiteEditor({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [site, setSite] = useState<SiteView | null>(null);
  const [lang, setLang] = useState<Language | undefined>(undefined);
  const [pageId, setPageId] = useState<string | undefined>(undefined);
  const [section, setSection] = useState<SiteSection | null>(null);
  // Sections opened once stay mounted (hidden), so what is typed in one survives a look at another.
  const [visited, setVisited] = useState<ReadonlySet<SiteSection>>(new Set());
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved', at: null });
  const reloadSite = useCallback(
    () =>
      request('GET /site/:id', { params: { id: siteId }, query: { lang } })
        .then(setSite)
        .catch(() => {}),
    [siteId, lang],
  );
  useEffect(() => {
    void reloadSite();
  }, [reloadSite]);
  const onSaved = useCallback((next: SiteView) => setSite(next), []);
  const publishing = usePublish({ id: siteId, lang: site?.lang ?? lang ?? DEFAULT_LANGUAGE }, onSaved);

  // The open page's autosave: saved before anything replaces the page; the owner is asked only when that fails.
  const pageWork = useRef<PageWork | null>(null);
  const registerPageWork = useCallback((work: PageWork | null) => {
    pageWork.current = work;
  }, []);
  const leavePage = useCallback(async () => {
    const work = pageWork.current;
    if (!work || (await work.flush())) return true;
    return window.confirm(t('unsavedLeave'));
  }, [t]);
  const histories = useRef<HistoryStore>(new Map()).current;
  const canvasPopups = useRef(new CanvasPopups()).current;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!pageWork.current?.unsaved()) return;
      void pageWork.current.flush();
      event.preventDefault();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void pageWork.current?.flush();
    };
    // A link out of the editor in this tab (the preview, the shell's menu) saves the page first; wouter leaves a prevented click alone.
    let following = false;
    const leave = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || following || !pageWork.current?.unsaved()) return;
      event.preventDefault();
      event.stopPropagation();
      void leavePage().then((may) => {
        if (!may) return;
        following = true;
        link.click();
        following = false;
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('visibilitychange', hidden);
    document.addEventListener('click', leave, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('visibilitychange', hidden);
      document.removeEventListener('click', leave, true);
    };
  }, [leavePage]);

  // Another page replaces the page form: what is typed there is saved first.
  const pickPage = useCallback(
    async (id: string) => {
      if (id === pageId) return;
      if (!(await leavePage())) return;
      setSaveState((state) => (state.kind === 'saved' ? state : { kind: 'saved', at: null }));
      setPageId(id);
    },
    [pageId, leavePage],
  );
  const openSection = (next: SiteSection | null) => {
    setSection(next);
    if (next) setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  const closeSection = useCallback(() => setSection(null), []);
  const openPage = useCallback(
    (id: string) => {
      void pickPage(id).then(() => setSection(null));
    },
    [pickPage],
  );
  const showPage = useCallback((id: string) => void pickPage(id), [pickPage]);
  const changeLanguage = (next: Language) => void leavePage().then((may) => may && setLang(next));

  const [variantsRevision, setVariantsRevision] = useState(0);
  const onVariantsChanged = useCallback(() => setVariantsRevision((count) => count + 1), []);
  const editing = useMemo<EditorSite | null>(
    () =>
      site
        ? {
            site,
            onSaved,
            registerPageWork,
            reportSaveState: setSaveState,
            leavePage,
            histories,
            reloadSite,
            variantsRevision,
            onVariantsChanged,
            publishing,
            canvasPageId: pageId ?? allPages(site)[0]?.id,
            showPage,
            canvasPopups,
          }
        : null,
    [site, onSaved, registerPageWork, leavePage, histories, reloadSite, variantsRevision, onVariantsChanged, publishing, pageId, showPage, canvasPopups],
  );
  if (!site || !editing) return <p className="loading">{t('loading')}</p>;
  const current = editing.canvasPageId;
  return (
    <EditorSiteProvider value={editing}>
      <section className={`editor-workspace${section ? ' with-panel' : ''}`} aria-labelledby="editor-title">
        <header className="editor-bar">
          <div className="editor-title">
            <h1 id="editor-title" title={site.settings.name}>
              {site.settings.name}
            </h1>
            <SaveStatus state={saveState} />
          </div>
          <div className="editor-actions">
            <select aria-label={t('editingLanguage')} value={site.lang} onChange={(event) => changeLanguage(event.target.value as Language)}>
              {site.settings.languages.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
            <LiveAddress />
            <Link href={`/site/${site.id}/preview`} className="button secondary">
              {t('preview')}
            </Link>
            <PublishControl />
          </div>
        </header>
        {account && !canChange(account) && (
          <p className="banner" role="note">
            {t('viewOnlyBanner')}
          </p>
        )}
        {/* Language changes reload the site; keying the body by it gives each form the new texts. */}
        <div className="editor-body" key={site.lang}>
          <nav className="editor-rail" aria-label={t('editor')}>
            <section aria-label={t('gridNavigator')} className="rail-block">
              <h2 className="rail-heading">{t('pages')}</h2>
              <GridNavigator site={site} current={current} onPick={(id) => void pickPage(id)} />
            </section>
            <section aria-labelledby="rail-site" className="rail-block">
              <h2 className="rail-heading" id="rail-site">
                {t('siteSections')}
              </h2>
              <ul className="rail-sections">
                {SITE_SECTIONS.map((name) => (
                  <li key={name}>
                    <button type="button" className="rail-item" aria-pressed={section === name} onClick={() => openSection(section === name ? null : name)}>
                      {sectionLabel(t, name)}
                    </button>
                  </li>
                ))}
              </ul>
              <AnalyticsLink siteId={site.id} className="rail-item" />
              <OwnerDataNav siteId={site.id} />
            </section>
          </nav>
          <PageTab pageId={current} covered={section !== null} onClosePanel={closeSection} />
          {[...visited].map((name) => (
            <SiteSectionPanel key={name} name={name} open={section === name} onClose={closeSection} onOpenPage={openPage} />
          ))}
        </div>
      </section>
    </EditorSiteProvider>
  );
}
