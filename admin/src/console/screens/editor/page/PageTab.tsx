import { useCallback, useEffect, useState } from 'react';
import type { PageContent } from '../../../../../../model/page.ts';
import { request } from '../../../api/request.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { PageForm } from './PageForm.tsx';
import { allPages } from './site-pages.ts';
import { VariantSwitcher } from './VariantSwitcher.tsx';
import { GridNavigator } from '../GridNavigator.tsx';

type Variant = { key: string; content: PageContent };

/** Creative detail (spec §2, §3): the page picked, edited in its form; its control or one of its A/B variants. */
export function PageTab({ pageId, onPick }: { pageId: string | undefined; onPick(id: string): void }) {
  const { site, onVariantsChanged, mayDropPageEdits } = useEditorSite();
  const { t } = useI18n();
  const pages = allPages(site);
  const page = pages.find((candidate) => candidate.id === pageId) ?? pages[0];
  const [variants, setVariants] = useState<Variant[]>([]);
  const [arm, setArm] = useState('control');
  const currentId = page?.id;
  const reload = useCallback(async () => {
    if (!currentId) return;
    const answer = await request('GET /site/:id/page/:pageId/variants', { params: { id: site.id, pageId: currentId }, query: { lang: site.lang } }).catch(() => null);
    setVariants(answer?.variants ?? []);
  }, [site.id, site.lang, currentId]);
  useEffect(() => {
    setArm('control');
    void reload();
  }, [reload]);
  if (!page) return null;
  const add = async (from: string) => {
    const created = await request('POST /site/:id/page/:pageId/variants', { params: { id: site.id, pageId: page.id }, query: { lang: site.lang }, body: { from } }).catch(() => null);
    if (!created) return;
    onVariantsChanged();
    await reload();
    setArm(created.key);
  };
  const remove = async (key: string) => {
    const answer = await request('DELETE /site/:id/page/:pageId/variants/:key', { params: { id: site.id, pageId: page.id, key } }).catch(() => null);
    if (!answer) return;
    onVariantsChanged();
    setArm('control');
    await reload();
  };
  const variant = variants.find((candidate) => candidate.key === arm);
  return (
    <div className="page-tab">
      <nav className="grid-rail" aria-label={t('gridNavigator')}>
        <GridNavigator site={site} current={page.id} onPick={onPick} />
      </nav>
      <div className="stack">
        <VariantSwitcher
          keys={variants.map((candidate) => candidate.key)}
          arm={variant ? arm : 'control'}
          onPick={(key) => mayDropPageEdits() && setArm(key)}
          onAdd={(from) => void add(from)}
          onRemove={(key) => void remove(key)}
        />
        {variant && (
          <p className="hint" role="status">
            {t('variantEditing', { key: variant.key })}
          </p>
        )}
        <PageForm
          key={`${page.id}:${variant?.key ?? 'control'}`}
          page={page}
          variant={variant}
          onVariantSaved={(saved) => setVariants((list) => list.map((candidate) => (candidate.key === saved.key ? saved : candidate)))}
        />
      </div>
    </div>
  );
}
