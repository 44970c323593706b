import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Language } from '../../../../../model/language.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import { LANGUAGE_NAMES, useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { CreativesTab } from './CreativesTab.tsx';
import { EditorSiteProvider, type EditorSite } from './editor-context.tsx';
import { MenuTab } from './MenuTab.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { OtherTab } from './OtherTab.tsx';
import { PageTab } from './page/PageTab.tsx';
import { PopupTab } from './PopupTab.tsx';
import { CampaignTab } from './CampaignTab.tsx';
import { PublishTab } from './PublishTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { AnalyticsLink } from '../analytics/AnalyticsLink.tsx';
import { OwnerDataNav } from '../owner-data/OwnerDataNav.tsx';

const TABS = ['settings', 'creatives', 'page', 'menu', 'other', 'popup', 'campaign', 'notifications', 'publish'] as const;
type Tab = (typeof TABS)[number];

/** /{prefix}/site/{id}: every section of the spec's site editor, in one language at a time. */
export default function SiteEditor({ siteId }: { siteId: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const [site, setSite] = useState<SiteView | null>(null);
  const [lang, setLang] = useState<Language | undefined>(undefined);
  const [tab, setTab] = useState<Tab>('settings');
  const [pageId, setPageId] = useState<string | undefined>(undefined);
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
  // Forms holding unsaved changes, by name: leaving, previewing or switching language asks first.
  const unsaved = useRef(new Set<string>());
  const setUnsaved = useCallback((form: string, isUnsaved: boolean) => {
    if (isUnsaved) unsaved.current.add(form);
    else unsaved.current.delete(form);
  }, []);
  const mayLeave = useCallback(() => unsaved.current.size === 0 || window.confirm(t('unsavedLeave')), [t]);
  // Another page or variant replaces the page form alone (one is mounted at a time): only its unsaved changes are at stake.
  const mayDropPage = useCallback(() => ![...unsaved.current].some((form) => form.startsWith('page-')) || window.confirm(t('unsavedLeave')), [t]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved.current.size > 0) event.preventDefault();
    };
    // Any link out of the editor (the preview, the shell's menu) asks first; wouter leaves a prevented click alone.
    const leave = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && unsaved.current.size > 0 && !mayLeave()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', leave, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', leave, true);
    };
  }, [mayLeave]);
  // Another page replaces the page form: its unsaved changes would go with it.
  const pickPage = useCallback(
    (id: string) => {
      if (id !== pageId && !mayDropPage()) return false;
      setPageId(id);
      return true;
    },
    [pageId, mayDropPage],
  );
  const openPage = useCallback(
    (id: string) => {
      if (pickPage(id)) setTab('page');
    },
    [pickPage],
  );
  const [variantsRevision, setVariantsRevision] = useState(0);
  const onVariantsChanged = useCallback(() => setVariantsRevision((count) => count + 1), []);
  const editing = useMemo<EditorSite | null>(
    () => (site ? { site, onSaved, setUnsaved, mayDropPageEdits: mayDropPage, reloadSite, variantsRevision, onVariantsChanged } : null),
    [site, onSaved, setUnsaved, mayDropPage, reloadSite, variantsRevision, onVariantsChanged],
  );
  if (!site || !editing) return <p className="loading">{t('loading')}</p>;
  return (
    <section className="editor">
      <div className="row spread editor-head">
        <h1>{site.settings.name}</h1>
        <div className="row">
          <label className="inline">
            {t('editingLanguage')}{' '}
            <select aria-label={t('editingLanguage')} value={site.lang} onChange={(event) => mayLeave() && setLang(event.target.value as Language)}>
              {site.settings.languages.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <Link href={`/site/${site.id}/preview`} className="button secondary">
            {t('preview')}
          </Link>
          <AnalyticsLink siteId={site.id} className="button secondary" />
          <OwnerDataNav siteId={site.id} />
        </div>
      </div>
      {account && !canChange(account) && (
        <p className="banner" role="note">
          {t('viewOnlyBanner')}
        </p>
      )}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="tabs">
        <Tabs.List aria-label={t('editor')} className="tab-list">
          {TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="tab">
              {t(`tab.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Language changes reload the site; keying the panels by it gives each form the new texts. */}
        <EditorSiteProvider value={editing}>
          <div key={site.lang}>
            <Tabs.Content forceMount value="settings">
              <SettingsTab />
            </Tabs.Content>
            <Tabs.Content forceMount value="creatives">
              <CreativesTab onOpenPage={openPage} />
            </Tabs.Content>
            <Tabs.Content forceMount value="page">
              <PageTab pageId={pageId} onPick={pickPage} />
            </Tabs.Content>
            <Tabs.Content forceMount value="menu">
              <MenuTab />
            </Tabs.Content>
            <Tabs.Content forceMount value="other">
              <OtherTab />
            </Tabs.Content>
            <Tabs.Content forceMount value="popup">
              <PopupTab />
            </Tabs.Content>
            <Tabs.Content forceMount value="campaign">
              <CampaignTab />
            </Tabs.Content>
            <Tabs.Content forceMount value="notifications">
              <NotificationsPanel />
            </Tabs.Content>
            <Tabs.Content forceMount value="publish">
              <PublishTab />
            </Tabs.Content>
          </div>
        </EditorSiteProvider>
      </Tabs.Root>
    </section>
  );
}
