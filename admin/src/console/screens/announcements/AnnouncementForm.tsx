import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { RECEIVERS, type AnnouncementInput, type AnnouncementKind, type Receiver } from '../../../../../model/announcement.ts';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import '../../i18n/catalogue-announcements.ts';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fieldErrors } from '../../i18n/messages.ts';
import { useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { isoToLocalInput, localInputToIso } from '../../ui/date-time.ts';
import { useToast } from '../../ui/toast.tsx';
import { announcementPaths } from './announcement-paths.ts';

const MODES = ['INSTANT', 'SCHEDULED'] as const;
const STATES = ['PUBLISHED', 'UNPUBLISHED', 'DRAFT'] as const;
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
  const { t, lang } = useI18n();
  const { account } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<AnnouncementInput | null>(id ? null : BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
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
  const showIssues = async (issues: readonly MessageIssue[]) => {
    const found = await fieldErrors(issues, lang);
    setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message ?? ''])));
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
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
      if (error instanceof ApiError) await showIssues(error.issues);
    } finally {
      setSaving(false);
    }
  };
  const err = (path: string) => (errors[path] ? { message: errors[path] } : undefined);
  const heading = kind === 'news' ? (id ? 'an.editNews' : 'an.createNews') : id ? 'an.editSystem' : 'an.createSystem';
  return (
    <form className="card stack narrow-card" noValidate onSubmit={save} aria-labelledby="announcement-form-title">
      <div className="row spread">
        <h1 id="announcement-form-title">{t(heading)}</h1>
        <Link href={paths.list}>{t('sn.back')}</Link>
      </div>
      <Field label={t('nt.title')} error={err('title')}>
        {(props) => <input {...props} value={draft.title} maxLength={50} onChange={(event) => set({ title: event.target.value })} />}
      </Field>
      <Field label={t('nt.content')} error={err('content')} hint={t('nt.contentHint')}>
        {(props) => <textarea {...props} rows={3} value={draft.content} maxLength={120} onChange={(event) => set({ content: event.target.value })} />}
      </Field>
      <Field label={t('an.link')} error={err('newsUrl')}>
        {(props) => <input {...props} type="url" value={draft.newsUrl} maxLength={256} placeholder="https://" onChange={(event) => set({ newsUrl: event.target.value })} />}
      </Field>
      <Field label={t('an.distributionSite')} error={err('distributionSite')}>
        {(props) => <input {...props} value={draft.distributionSite} maxLength={50} onChange={(event) => set({ distributionSite: event.target.value })} />}
      </Field>
      <Field label={t('an.imageUrl')} error={err('imageUrl')}>
        {(props) => <input {...props} type="url" value={draft.imageUrl} maxLength={1024} placeholder="https://" onChange={(event) => set({ imageUrl: event.target.value })} />}
      </Field>
      <fieldset aria-invalid={Boolean(errors.receivers)}>
        <legend>{t('an.receivers')}</legend>
        <div className="row wrap">
          {RECEIVERS.map((receiver) => (
            <label key={receiver} className="check">
              <input type="checkbox" checked={draft.receivers.includes(receiver)} onChange={() => toggle(receiver)} /> {t(`an.receiver.${receiver}`)}
            </label>
          ))}
        </div>
        {errors.receivers && (
          <p className="error" role="alert">
            {errors.receivers}
          </p>
        )}
      </fieldset>
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
