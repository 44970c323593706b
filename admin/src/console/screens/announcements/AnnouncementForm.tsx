import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { RECEIVERS, type AnnouncementInput, type AnnouncementKind, type Receiver } from '../../../../../model/announcement.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { NoticeForm } from '../notices/NoticeForm.tsx';
import { useFieldErrors } from '../notices/use-field-errors.ts';
import { announcementPaths } from './announcement-paths.ts';

const BLANK: AnnouncementInput = {
  title: '',
  content: '',
  imageUrl: '',
  newsUrl: '',
  distributionSite: '',
  receivers: [],
  status: 'DRAFT',
  publicationMode: 'INSTANT',
  startDate: null,
  endDate: null,
};

/**
 * Creates or edits latest information or a system notification (B §2): title, link, distribution
 * site, content (≤ 120), image, receivers, instant or scheduled with start and end (B §5 date
 * rules, checked by the server against its clock), status. Refusals sit beside their fields.
 */
export default function AnnouncementForm({ kind, id }: { kind: AnnouncementKind; id?: string }) {
  const { t } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<AnnouncementInput | null>(id ? null : BLANK);
  const errors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const paths = announcementPaths(account!.routePrefix, kind);
  useEffect(() => {
    if (!id) return;
    const loaded = kind === 'news' ? request('GET /news/:newsId', { params: { newsId: id } }) : request('GET /system_noti/:notiId', { params: { notiId: id } });
    void loaded.then(({ id: _id, kind: _kind, shownStatus: _status, createdAt: _created, ...fields }) => setDraft(fields)).catch(() => {});
  }, [kind, id]);
  if (!draft) return <p className="loading">{t('loading')}</p>;

  const set = (change: Partial<AnnouncementInput>) => setDraft({ ...draft, ...change });
  const toggle = (receiver: Receiver) => set({ receivers: draft.receivers.includes(receiver) ? draft.receivers.filter((r) => r !== receiver) : [...draft.receivers, receiver] });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    setSaving(true);
    try {
      const body = { ...draft, startDate: draft.publicationMode === 'SCHEDULED' ? draft.startDate : null };
      const saved =
        kind === 'news'
          ? id
            ? await request('PUT /news/:newsId', { params: { newsId: id }, body })
            : await request('POST /news', { body })
          : id
            ? await request('PUT /system_noti/:notiId', { params: { notiId: id }, body })
            : await request('POST /system_noti', { body });
      toast(t('an.saved'), 'success');
      navigate(paths.detail(saved.id));
    } catch (error) {
      if (error instanceof ApiError) await errors.show(error.issues);
    } finally {
      setSaving(false);
    }
  };
  const { err } = errors;
  const heading = kind === 'news' ? (id ? 'an.editNews' : 'an.createNews') : id ? 'an.editSystem' : 'an.createSystem';
  return (
    <NoticeForm titleId="announcement-form-title" heading={t(heading)} backHref={paths.list} draft={draft} set={set} err={err} saving={saving} onSubmit={save}>
      <Field label={t('an.link')} error={err('newsUrl')}>
        {(props) => <input {...props} type="url" value={draft.newsUrl} maxLength={256} placeholder="https://" onChange={(event) => set({ newsUrl: event.target.value })} />}
      </Field>
      <Field label={t('an.distributionSite')} error={err('distributionSite')}>
        {(props) => <input {...props} value={draft.distributionSite} maxLength={50} onChange={(event) => set({ distributionSite: event.target.value })} />}
      </Field>
      <Field label={t('an.imageUrl')} error={err('imageUrl')}>
        {(props) => <input {...props} type="url" value={draft.imageUrl} maxLength={1024} placeholder="https://" onChange={(event) => set({ imageUrl: event.target.value })} />}
      </Field>
      <fieldset aria-invalid={Boolean(errors.errors.receivers)}>
        <legend>{t('an.receivers')}</legend>
        <div className="row wrap">
          {RECEIVERS.map((receiver) => (
            <label key={receiver} className="check">
              <input type="checkbox" checked={draft.receivers.includes(receiver)} onChange={() => toggle(receiver)} /> {t(`an.receiver.${receiver}`)}
            </label>
          ))}
        </div>
        {errors.errors.receivers && (
          <p className="error" role="alert">
            {errors.errors.receivers}
          </p>
        )}
      </fieldset>
    </NoticeForm>
  );
}
