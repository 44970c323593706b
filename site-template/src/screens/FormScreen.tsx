import { useEffect, useState } from 'react';
import type { FormValues } from '../../../model/form-values.ts';
import type { CompanyInfo as Company, FormField } from '../../../model/site.ts';
import { visitorText } from '../../../model/messages/visitor-text.ts';
import { pathFor } from '../viewer/address.ts';
import { showToast } from '../viewer/toast.ts';
import { callVisitorApi, type ApiRefusal } from '../viewer/visitor-client.ts';
import CompanyInfo from './CompanyInfo.tsx';
import ScreenLink from './ScreenLink.tsx';
import VisitorForm from './VisitorForm.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';
import { runSiteScript } from './site-script.ts';

export type FormScreenKind = 'contact' | 'forms' | 'register';

/** Per screen: its settings call, where its company info shows, its script, its title and button (V §3, §7). */
const KINDS = {
  contact: { settings: 'contact-setting', show: 'showInContact', script: 'contactScript', title: 'contactTitle', submit: 'send' },
  forms: { settings: 'homepage-setting', show: 'showInForm', script: 'formScript', title: 'formTitle', submit: 'send' },
  register: { settings: 'membership-setting', show: 'showInMemberShip', script: 'membershipScript', title: 'registerTitle', submit: 'register' },
} as const;

type Setting = { typeForm: string; locked: boolean; fields: FormField[] };
type Scripts = { contactScript?: string; membershipScript?: string; formScript?: string };

/**
 * The contact, custom form and registration screens: fields from the site's saved configuration
 * (read at open, so no republish is needed), company info where the owner shows it, the owner's
 * script for the screen. Contact and form lead to their success screens; registration says the
 * email is on its way and offers to resend it.
 */
export default function FormScreen({ site, kind }: { site: ScreenSite; kind: FormScreenKind }) {
  const config = KINDS[kind];
  const { lang, siteId } = site;
  const base = `/api/end-user/site/${encodeURIComponent(siteId)}`;
  const [setting, setSetting] = useState<Setting | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [company, setCompany] = useState<Company | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [linkError, setLinkError] = useState(false);

  useEffect(() => {
    // The emailed link of an unknown, used or expired registration comes back with ?error=link.
    setLinkError(kind === 'register' && new URLSearchParams(window.location.search).get('error') === 'link');
    void callVisitorApi<Setting>(`${base}/${config.settings}`, { lang }).then((answer) => (answer.ok ? setSetting(answer.data) : setFailed(answer.message)));
    void callVisitorApi<Company>(`${base}/company?lang=${lang}`, { lang, quiet: true }).then((answer) => {
      if (answer.ok && answer.data[config.show]) setCompany(answer.data);
    });
    void callVisitorApi<Scripts>(`${base}/scripts`, { lang, quiet: true }).then((answer) => {
      if (answer.ok) runSiteScript(answer.data[config.script]);
    });
  }, [base, config, kind, lang]);

  const submit = async (values: FormValues, honeypot: string): Promise<ApiRefusal | null> => {
    const trap = honeypot ? { website: honeypot } : {};
    if (kind === 'register') {
      const answer = await callVisitorApi<{ message: string }>(`${base}/register`, { lang, method: 'POST', body: { data: values, lang, ...trap } });
      if (!answer.ok) return answer;
      setSentTo({ email: String(values.email ?? ''), message: answer.data.message });
      return null;
    }
    const answer = await callVisitorApi<{ message: string }>(kind === 'contact' ? '/api/contact' : '/api/homepage', { lang, method: 'POST', body: { siteId, data: values, lang, ...trap } });
    if (!answer.ok) return answer;
    window.location.assign(pathFor(site, { subPath: kind === 'contact' ? 'contact-success' : 'form-success' }, window.location.search));
    return null;
  };

  const resend = async () => {
    if (!sentTo) return;
    const answer = await callVisitorApi<{ message: string }>(`${base}/resend-register-email`, { lang, method: 'POST', body: { email: sentTo.email, lang } });
    showToast(answer.ok ? answer.data.message : answer.message);
  };

  return (
    <>
      <h1 className="sg-screen-title">{st(config.title, lang)}</h1>
      {linkError && <p className="sg-form-error" role="alert">{visitorText('tokenInvalid', lang)}</p>}
      {sentTo ? (
        <div className="sg-sent" role="status">
          <p>{sentTo.message}</p>
          <button type="button" className="sg-secondary" onClick={() => void resend()}>{st('resend', lang)}</button>
        </div>
      ) : setting?.locked ? (
        <p className="sg-form-error" role="alert">{visitorText('formLocked', lang)}</p>
      ) : setting ? (
        <VisitorForm fields={setting.fields} lang={lang} submitLabel={st(config.submit, lang)} onSubmit={submit} />
      ) : failed ? (
        <p className="sg-form-error" role="alert">{failed}</p>
      ) : (
        <span className="sg-spinner sg-screen-spinner" role="status" aria-label={st('loading', lang)} />
      )}
      {kind === 'register' && <p className="sg-screen-switch"><ScreenLink site={site} subPath="login">{st('haveAccount', lang)}</ScreenLink></p>}
      {company && <CompanyInfo company={company} lang={lang} />}
    </>
  );
}
