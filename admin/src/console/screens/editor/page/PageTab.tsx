import { useCallback, useEffect, useState } from 'react';
import type { PageContent } from '../../../../../../model/page.ts';
import { request } from '../../../api/request.ts';
import { useEditorSite } from '../editor-context.tsx';
import { PageForm } from './PageForm.tsx';
import { allPages } from './site-pages.ts';
import { VariantSwitcher } from './VariantSwitcher.tsx';

type Variant = { key: string; content: PageContent };

/** The page being edited (spec §2, §3), its control or one of its A/B variants, on the canvas with its inspector (a site section open in the inspector's place covers it). */
export function PageTab({ pageId, covered, onClosePanel }: { pageId: string | undefined; covered: boolean; onClosePanel(): void }) {
  const { site, onVariantsChanged, leavePage } = useEditorSite();
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
    if (!(await leavePage())) return;
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
    <PageForm
      key={`${page.id}:${variant?.key ?? 'control'}`}
      page={page}
      variant={variant}
      onVariantSaved={(saved) => setVariants((list) => list.map((candidate) => (candidate.key === saved.key ? saved : candidate)))}
      covered={covered}
      onClosePanel={onClosePanel}
      pageTools={
        <VariantSwitcher
          keys={variants.map((candidate) => candidate.key)}
          arm={variant ? arm : 'control'}
          onPick={(key) => void leavePage().then((may) => may && setArm(key))}
          onAdd={(from) => void add(from)}
          onRemove={(key) => void remove(key)}
        />
      }
    />
  );
}
