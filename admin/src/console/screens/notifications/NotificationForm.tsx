import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fieldErrors } from '../../i18n/messages.ts';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { isoToLocalInput, localInputToIso } from '../../ui/date-time.ts';
import { useToast } from '../../ui/toast.tsx';
import { MediaField } from '../editor/MediaField.tsx';
import { BLANK_NOTIFICATION, checkNotification, notificationToDraft, type NotificationDraft } from './notification-form.ts';

const MODES = ['INSTANT', 'SCHEDULED'] as const;
const STATES = ['PUBLISHED', 'UNPUBLISHED', 'DRAFT'] as const;

/**
 * Creates or edits one visitor notification (B §2 `notification-delivery/{siteId}/create`,
 * `…/edit/{id}`): title, content, image, link, instant or scheduled with its start and end, and
 * its status. The date rules (B §5) are checked here with the browser's clock and again by the
 * server with its own; a message sits beside its field and nothing typed is lost.
 */
export default function NotificationForm({ siteId, notificationId }: { siteId: string; notificationId?: string }) {
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [site, setSite] = useState<SiteView | null>(null);
  const [draft, setDraft] = useState<NotificationDraft | null>(notificationId ? null : BLANK_NOTIFICATION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const base = `/${account!.routePrefix}/notification-delivery/${siteId}`;
  useEffect(() => {
    void request('GET /site/:id', { params: { id: siteId } })
      .then(setSite)
      .catch(() => {});
    if (notificationId)
      void request('GET /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId } })
        .then((notification) => setDraft(notificationToDraft(notification)))
        .catch(() => {});
  }, [siteId, notificationId]);
  if (!draft || !site) return <p className="loading">{t('loading')}</p>;

  const set = (change: Partial<NotificationDraft>) => setDraft({ ...draft, ...change });
  const showIssues = async (issues: readonly MessageIssue[]) => {
    const found = await fieldErrors(issues, lang);
    setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message ?? ''])));
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNotification(draft, new Date());
    if (!checked.ok) {
      await showIssues(checked.issues);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = notificationId
        ? await request('PUT /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId }, body: checked.input })
        : await request('POST /site/:id/notification-delivery', { params: { id: siteId }, body: checked.input });
      toast(t('nt.saved'), 'success');
      navigate(`${base}/detail/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError) await showIssues(error.issues);
    } finally {
      setSaving(false);
    }
  };
  const err = (path: string) => (errors[path] ? { message: errors[path] } : undefined);
  const heading = notificationId ? t('nt.edit') : t('nt.create');
  return (
    <form className="card stack narrow-card" noValidate onSubmit={save} aria-labelledby="notification-form-title">
      <div className="row spread">
        <h1 id="notification-form-title">{heading}</h1>
        <Link href={base}>{t('sn.back')}</Link>
      </div>
      <p className="hint">{t('sn.site', { name: site.settings.name })}</p>
      <Field label={t('nt.title')} error={err('title')}>
        {(props) => <input {...props} value={draft.title} maxLength={50} onChange={(event) => set({ title: event.target.value })} />}
      </Field>
      <Field label={t('nt.content')} error={err('content')} hint={t('nt.contentHint')}>
        {(props) => <textarea {...props} rows={3} value={draft.content} maxLength={120} onChange={(event) => set({ content: event.target.value })} />}
      </Field>
      <MediaField site={site} label={t('nt.image')} url={draft.imageUrl} error={err('imageUrl')} onStored={(media) => set({ imageUrl: media.url })} onClear={() => set({ imageUrl: '' })} />
      <Field label={t('nt.link')} error={err('newsUrl')}>
        {(props) => <input {...props} type="url" value={draft.newsUrl} maxLength={256} placeholder="https://" onChange={(event) => set({ newsUrl: event.target.value })} />}
      </Field>
      <fieldset>
        <legend>{t('nt.mode')}</legend>
        <div className="row">
          {MODES.map((mode) => (
            <label key={mode} className="check">
              <input type="radio" name="publicationMode" value={mode} checked={draft.publicationMode === mode} onChange={() => set({ publicationMode: mode })} /> {t(`nt.mode.${mode}`)}
            </label>
          ))}
        </div>
        <div className="row">
          {draft.publicationMode === 'SCHEDULED' && (
            <Field label={t('nt.start')} error={err('startDate')}>
              {(props) => <input {...props} type="datetime-local" value={isoToLocalInput(draft.startDate)} onChange={(event) => set({ startDate: localInputToIso(event.target.value) })} />}
            </Field>
          )}
          <Field label={t('nt.end')} error={err('endDate')} hint={draft.publicationMode === 'INSTANT' ? t('nt.endHint') : undefined}>
            {(props) => <input {...props} type="datetime-local" value={isoToLocalInput(draft.endDate)} onChange={(event) => set({ endDate: localInputToIso(event.target.value) })} />}
          </Field>
        </div>
      </fieldset>
      <Field label={t('nt.status')} error={err('status')}>
        {(props) => (
          <select {...props} value={draft.status} onChange={(event) => set({ status: STATES.find((state) => state === event.target.value) ?? 'DRAFT' })}>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`nt.state.${state}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="row">
        <button type="submit" disabled={saving}>
          {t('sn.save')}
        </button>
      </div>
    </form>
  );
}
