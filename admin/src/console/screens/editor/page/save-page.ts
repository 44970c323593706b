import { get, type FieldPath } from 'react-hook-form';
import type { PageContent } from '../../../../../../model/page.ts';
import { ApiError } from '../../../api/client.ts';
import { request } from '../../../api/request.ts';
import type { SiteView } from '../../../api/types.ts';

/**
 * Writes the page as edited in the editor's language, from the revision the form started at (a
 * newer one on the server refuses it with `pageChangedElsewhere`); quiet, so the form places a
 * refusal by field.
 */
export function savePage(site: Pick<SiteView, 'id' | 'lang'>, pageId: string, content: PageContent, baseRevision: string) {
  return request('PUT /site/:id/page/:pageId', { params: { id: site.id, pageId }, query: { lang: site.lang }, body: { ...content, baseRevision } }, { quiet: true });
}

/** Whether a save was refused because the page changed since the form opened it. */
export function isStaleSave(error: unknown): boolean {
  return error instanceof ApiError && error.key === 'pageChangedElsewhere';
}

/** Saves a page variant's content (the parts that differ from the control); quiet, so a refusal can be shown beside its field. */
export function saveVariant(site: Pick<SiteView, 'id' | 'lang'>, pageId: string, key: string, content: PageContent) {
  return request('PUT /site/:id/page/:pageId/variants/:key', { params: { id: site.id, pageId, key }, query: { lang: site.lang }, body: content }, { quiet: true });
}

/**
 * Whether a refusal's dotted path names a field the page form holds: its parent is there (the
 * page, a button, a social link), so a message set on it has a field to show beside.
 * @example isFormField({ buttons: [{ id: 'b' }] }, 'buttons.0.linkDestinationUrl') // true
 */
export function isFormField(values: PageContent, path: string): path is FieldPath<PageContent> {
  const parent = path.split('.').slice(0, -1).join('.');
  const holder: unknown = parent === '' ? values : get(values, parent);
  return typeof holder === 'object' && holder !== null;
}
