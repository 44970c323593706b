import type { FormEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import '../../i18n/catalogue-surveys-notices.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { DateTimeInput } from '../../ui/DateTimeInput.tsx';
import { Field } from '../../ui/Field.tsx';

const MODES = ['INSTANT', 'SCHEDULED'] as const;
const STATES = ['PUBLISHED', 'UNPUBLISHED', 'DRAFT'] as const;

/** What every notice's form edits, a site's visitor notification or a platform announcement. */
export type NoticeDraft = {
  title: string;
  content: string;
  publicationMode: (typeof MODES)[number];
  status: (typeof STATES)[number];
  startDate: string | null;
  endDate: string | null;
};

type FieldError = { message: string } | undefined;

/**
 * A notice's form: heading and the way back, `intro`, title and content (≤ 120) or the screen's
 * own `texts` in their place (a site's notification has them per language), the screen's own
 * fields (`children`), instant or scheduled with its start and end, status, and Save. The way
 * back is a link (`backHref`) on a screen of its own, a Cancel button (`onCancel`) inside
 * another. Refusals sit beside their fields (`err` by path); nothing typed is lost.
 */
export function NoticeForm({
  titleId,
  heading,
  headingLevel = 'h1',
  backHref,
  onCancel,
  intro,
  texts,
  draft,
  set,
  err,
  saving,
  onSubmit,
  children,
}: {
  titleId: string;
  heading: string;
  /** h2 inside a screen that has its own h1 (the site editor). */
  headingLevel?: 'h1' | 'h2';
  backHref?: string;
  onCancel?: () => void;
  intro?: ReactNode;
  texts?: ReactNode;
  draft: NoticeDraft;
  set: (change: Partial<NoticeDraft>) => void;
  err: (path: string) => FieldError;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const Heading = headingLevel;
  return (
    // Texts of their own (a column per language) take the width; the narrow card suits one language.
    <form className={texts ? 'card stack notice-form-wide' : 'card stack narrow-card'} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <div className="row spread">
        <Heading id={titleId}>{heading}</Heading>
        {backHref !== undefined && <Link href={backHref}>{t('sn.back')}</Link>}
      </div>
      {intro}
      {texts ?? (
        <>
          <Field label={t('nt.title')} error={err('title')}>
            {(props) => <input {...props} value={draft.title} maxLength={50} onChange={(event) => set({ title: event.target.value })} />}
          </Field>
          <Field label={t('nt.content')} error={err('content')} hint={t('nt.contentHint')}>
            {(props) => <textarea {...props} rows={3} value={draft.content} maxLength={120} onChange={(event) => set({ content: event.target.value })} />}
          </Field>
        </>
      )}
      <div className="notice-settings">
        <div className="stack">{children}</div>
        <div className="stack">
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
              {draft.publicationMode === 'SCHEDULED' && <DateTimeInput label={t('nt.start')} error={err('startDate')} value={draft.startDate} onChange={(startDate) => set({ startDate })} />}
              <DateTimeInput
                label={t('nt.end')}
                error={err('endDate')}
                hint={draft.publicationMode === 'INSTANT' ? t('nt.endHint') : undefined}
                value={draft.endDate}
                onChange={(endDate) => set({ endDate })}
              />
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
        </div>
      </div>
      <div className="row">
        <button type="submit" disabled={saving}>
          {t('sn.save')}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
