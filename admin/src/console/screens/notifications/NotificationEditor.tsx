import { useState, type FormEvent } from 'react';
import type { NotificationView } from '../../../../../model/notification-delivery.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import type { SiteView } from '../../api/types.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { MediaField } from '../editor/MediaField.tsx';
import { NoticeForm } from '../notices/NoticeForm.tsx';
import { useFieldErrors } from '../notices/use-field-errors.ts';
import { BLANK_NOTIFICATION, checkNotification, notificationToDraft, type NotificationDraft } from './notification-form.ts';
import { NotificationTexts } from './NotificationTexts.tsx';

/**
 * Creates or edits one visitor notification of `site` (B §2 `notification-delivery/{siteId}/create`,
 * `…/edit/{id}`): its title and content in each of the site's languages, image, link, instant or
 * scheduled with its start and end, and its status. The date rules (B §5) are checked here with
 * the browser's clock and again by the server with its own; a message sits beside its field and
 * nothing typed is lost. Used on its own screen and inside the site editor.
 */
export function NotificationEditor({
  site,
  notification,
  titleId,
  headingLevel,
  intro,
  backHref,
  onCancel,
  onSaved,
}: {
  site: SiteView;
  /** The one being edited; none for a new one. */
  notification?: NotificationView;
  titleId: string;
  headingLevel?: 'h1' | 'h2';
  intro?: React.ReactNode;
  backHref?: string;
  onCancel?: () => void;
  onSaved: (saved: NotificationView) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [draft, setDraft] = useState<NotificationDraft>(() => (notification ? notificationToDraft(notification) : BLANK_NOTIFICATION));
  const errors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<NotificationDraft>) => setDraft((current) => ({ ...current, ...change }));
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
      const saved = notification
        ? await request('PUT /site/:id/notification-delivery/:notificationId', { params: { id: site.id, notificationId: notification.id }, body: checked.input })
        : await request('POST /site/:id/notification-delivery', { params: { id: site.id }, body: checked.input });
      toast(t('nt.saved'), 'success');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) await errors.show(error.issues);
    } finally {
      setSaving(false);
    }
  };
  const { err } = errors;
  return (
    <NoticeForm
      titleId={titleId}
      {...(headingLevel ? { headingLevel } : {})}
      heading={notification ? t('nt.edit') : t('nt.create')}
      {...(backHref !== undefined ? { backHref } : {})}
      {...(onCancel ? { onCancel } : {})}
      intro={intro}
      texts={<NotificationTexts languages={site.settings.languages} defaultLanguage={site.settings.defaultLanguage} draft={draft} set={set} err={err} />}
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
