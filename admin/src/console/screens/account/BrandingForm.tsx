import { useEffect, useId, useState, type FormEvent } from 'react';
import { brandingProperties } from '../../../../../model/branding-colours.ts';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../../../../model/contrast.ts';
import { tableText } from '../../../../../model/messages/table.ts';
import { ApiError } from '../../api/client.ts';
import { messagesIfAny } from '../../i18n/messages.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { canChange, useSession } from '../../session.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { OemBranding } from '../../../../../model/branding.ts';
import { AdminHostStatus } from './AdminHostStatus.tsx';
import { PICTURE_ACCEPT } from './ProfilePictureDialog.tsx';

type Values = { mainColor: string; textColor: string; adminHost: string };
type Refusals = Partial<Record<keyof Values | 'logo', string>>;

/** A colour as a picker and as hex text, kept in step. */
function ColourInput({ value, onChange, ...aria }: { value: string; onChange(next: string): void; id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) {
  const full = /^#[0-9a-f]{6}$/i.test(value) ? value : /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((d) => d + d).join('')}` : '#000000';
  return (
    <span className="color-field">
      <input type="color" value={full.toLowerCase()} onChange={(event) => onChange(event.target.value.toUpperCase())} aria-hidden="true" tabIndex={-1} />
      <input {...aria} value={value} onChange={(event) => onChange(event.target.value)} size={9} spellCheck={false} />
    </span>
  );
}

/**
 * The OEM master's custom branding (B §3 customSite: logo, main colour, text colour) and its own
 * admin host. The preview and the contrast figure follow the fields; the server holds the 4.5:1
 * rule and the host's uniqueness, and its refusals go beside their fields.
 */
export function BrandingForm() {
  const { t, lang } = useI18n();
  const { account, reload } = useSession();
  const toast = useToast();
  const logoId = useId();
  const [values, setValues] = useState<Values | null>(null);
  // As saved: the admin host's state and records belong to the saved name, not to what is typed.
  const [saved, setSaved] = useState<OemBranding | null>(null);
  const [hostNotFound, setHostNotFound] = useState(false);
  const [logoUrl, setLogoUrl] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [refusals, setRefusals] = useState<Refusals>({});
  const [busy, setBusy] = useState(false);
  const editable = account ? canChange(account) : false;

  useEffect(() => {
    void request('GET /oem-master/branding', {}).then(({ branding }) => {
      setValues({ mainColor: branding.mainColor, textColor: branding.textColor, adminHost: branding.adminHost });
      setSaved(branding);
      setLogoUrl(branding.logoUrl);
    });
  }, []);
  if (!values) return <p className="loading">{t('loading')}</p>;

  const refusalsOf = async (error: unknown): Promise<Refusals> => {
    if (!(error instanceof ApiError)) return { mainColor: String(error) };
    const texts = await messagesIfAny(lang);
    const placed: Refusals = {};
    for (const issue of error.issues) {
      const field = issue.path[0];
      if ((field === 'mainColor' || field === 'textColor' || field === 'adminHost') && !placed[field]) placed[field] = texts ? tableText(texts, issue.key, issue.values) : error.message;
    }
    return Object.keys(placed).length ? placed : { mainColor: error.message };
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusals({});
    try {
      const { branding } = await request('PUT /oem-master/branding', { body: values }, { quiet: true });
      setValues({ mainColor: branding.mainColor, textColor: branding.textColor, adminHost: branding.adminHost });
      setSaved(branding);
      setHostNotFound(false);
      await reload();
      toast(t('saved'));
    } catch (error) {
      setRefusals(await refusalsOf(error));
    } finally {
      setBusy(false);
    }
  };
  const uploadLogo = async () => {
    if (!logo) return;
    setBusy(true);
    setRefusals({});
    const form = new FormData();
    form.append('file', logo, logo.name);
    try {
      const { branding } = await request('POST /oem-master/branding/logo', { body: form }, { quiet: true });
      setLogoUrl(branding.logoUrl);
      await reload();
      toast(t('saved'));
    } catch (error) {
      setRefusals({ logo: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const set = (field: keyof Values) => (next: string) => setValues({ ...values, [field]: next });
  const ratio = contrastRatio(values.textColor, values.mainColor);
  const preview = ratio === null ? null : brandingProperties(values);
  return (
    <section className="card stack narrow-card" aria-labelledby="branding-title">
      <h2 id="branding-title">{t('customBranding')}</h2>
      <p className="hint">{t('brandingHint')}</p>
      <div className="field">
        <label htmlFor={logoId}>{t('logoFile')}</label>
        {logoUrl && <img className="logo-preview" src={logoUrl} alt={t('brandLogo')} />}
        <div className="row">
          <input
            id={logoId}
            type="file"
            accept={PICTURE_ACCEPT}
            disabled={!editable}
            aria-invalid={Boolean(refusals.logo)}
            aria-describedby={refusals.logo ? `${logoId}-error` : `${logoId}-hint`}
            onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
          />
          <button type="button" className="secondary" disabled={!logo || busy || !editable} onClick={uploadLogo}>
            {t('upload')}
          </button>
        </div>
        <small id={`${logoId}-hint`} className="hint">
          {t('brandLogoHint')}
        </small>
        {refusals.logo && (
          <small id={`${logoId}-error`} className="field-error" role="alert">
            {refusals.logo}
          </small>
        )}
      </div>
      <form className="stack" onSubmit={save}>
        <div className="row">
          <Field label={t('mainColor')} error={{ message: refusals.mainColor }}>
            {(aria) => <ColourInput {...aria} value={values.mainColor} onChange={set('mainColor')} />}
          </Field>
          <Field label={t('textColor')} error={{ message: refusals.textColor }} hint={ratio === null ? undefined : t('contrastRatio', { ratio: ratio.toFixed(2) })}>
            {(aria) => <ColourInput {...aria} value={values.textColor} onChange={set('textColor')} />}
          </Field>
        </div>
        {preview && (
          <div className="branding-preview" aria-hidden="true" data-contrast-ok={ratio !== null && ratio >= AA_TEXT_CONTRAST}>
            <div className="preview-bar" style={{ background: preview['--bar'], color: preview['--on-bar'] }}>
              {logoUrl ? <img className="brand-logo" src={logoUrl} alt="" /> : 'Swipegrid'}
            </div>
            <div className="preview-body">
              <span className="button" style={{ background: preview['--button'], color: preview['--on-button'] }}>
                {t('brandingSample')}
              </span>
            </div>
          </div>
        )}
        <Field label={t('adminHost')} error={{ message: refusals.adminHost }} hint={t('adminHostHint')}>
          {(aria) => <input {...aria} value={values.adminHost} onChange={(event) => set('adminHost')(event.target.value)} placeholder="admin.example.com" spellCheck={false} />}
        </Field>
        {saved && saved.adminHost === values.adminHost.trim().toLowerCase() && (
          <AdminHostStatus
            branding={saved}
            editable={editable}
            busy={busy}
            onChecked={({ branding, found, refusal }) => {
              setSaved(branding);
              setHostNotFound(found === false);
              setRefusals(refusal ? { adminHost: refusal } : {});
            }}
          />
        )}
        {hostNotFound && saved?.adminHostState === 'pending' && (
          <p className="hint" role="status">
            {t('adminHostNotFound')}
          </p>
        )}
        <div className="row">
          <button type="submit" disabled={busy || !editable}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}
