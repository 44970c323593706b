import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { MediaField } from '../editor/MediaField.tsx';
import { NoticeForm } from '../notices/NoticeForm.tsx';
import { useFieldErrors } from '../notices/use-field-errors.ts';
import { BLANK_NOTIFICATION, checkNotification, notificationToDraft, type NotificationDraft } from './notification-form.ts';

/**
 * Creates or edits one visitor notification (B §2 `notification-delivery/{siteId}/create`,
 * `…/edit/{id}`): title, content, image, link, instant or scheduled with its start and end, and
 * its status. The date rules (B §5) are checked here with the browser's clock and again by the
 * server with its own; a message sits beside its field and nothing typed is lost.
 */
export default function NotificationForm({ siteId, notificationId }: { siteId: string; notificationId?: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [site, setSite] = useState<SiteView | null>(null);
  const [draft, setDraft] = useState<NotificationDraft | null>(notificationId ? null : BLANK_NOTIFICATION);
  const errors = useFieldErrors();
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
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNotification(draft, new Date());
    if (!checked.ok) {
      await errors.show(checked.issues);
      return;
    }
    errors.clear();
    setSaving(true);
    try {
      const saved = notificationId
        ? await request('PUT /site/:id/notification-delivery/:notificationId', { params: { id: siteId, notificationId }, body: checked.input })
        : await request('POST /site/:id/notification-delivery', { params: { id: siteId }, body: checked.input });
      toast(t('nt.saved'), 'success');
      navigate(`${base}/detail/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError) await errors.show(error.issues);
    } finally {
      setSaving(false);
    }
  };
  const { err } = errors;
  return (
    <NoticeForm
      titleId="notification-form-title"
      heading={notificationId ? t('nt.edit') : t('nt.create')}
      backHref={base}
      intro={<p className="hint">{t('sn.site', { name: site.settings.name })}</p>}
      draft={draft}
      set={set}
      err={err}
      saving={saving}
      onSubmit={save}
    >
      <MediaField site={site} label={t('nt.image')} url={draft.imageUrl} error={err('imageUrl')} onStored={(media) => set({ imageUrl: media.url })} onClear={() => set({ imageUrl: '' })} />
      <Field label={t('nt.link')} error={err('newsUrl')}>
        {(props) => <input {...props} type="url" value={draft.newsUrl} maxLength={256} placeholder="https://" onChange={(event) => set({ newsUrl: event.target.value })} />}
      </Field>
    </NoticeForm>
  );
}
