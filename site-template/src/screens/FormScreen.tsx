import { useEffect, useState } from 'react';
import type { FormValues } from '../../../model/form-values.ts';
import type { ContractResponse } from '../../../model/contracts/contract.ts';
import type { visitorContracts } from '../../../model/contracts/visitor.ts';
import type { CompanyInfo as Company } from '../../../model/site.ts';
import { visitorText } from '../../../model/messages/visitor-text.ts';
import { flushEvents, lastCell, trackEvent } from '../viewer/analytics.ts';
import { pathFor } from '../viewer/address.ts';
import { showToast } from '../viewer/toast.ts';
import type { ApiRefusal } from '../viewer/visitor-client.ts';
import { visitorCall } from '../viewer/visitor-call.ts';
import CompanyInfo from './CompanyInfo.tsx';
import ScreenLink from './ScreenLink.tsx';
import VisitorForm from './VisitorForm.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';
import { runSiteScript } from './site-script.ts';

export type FormScreenKind = 'contact' | 'forms' | 'register';

/** Per screen: its settings call, where its company info shows, its script, its title and button (V §3, §7). */
const KINDS = {
  contact: { settings: 'GET /end-user/site/:id/contact-setting', show: 'showInContact', script: 'contactScript', title: 'contactTitle', submit: 'send' },
  forms: { settings: 'GET /end-user/site/:id/homepage-setting', show: 'showInForm', script: 'formScript', title: 'formTitle', submit: 'send' },
  register: { settings: 'GET /end-user/site/:id/membership-setting', show: 'showInMemberShip', script: 'membershipScript', title: 'registerTitle', submit: 'register' },
} as const;

type Setting = ContractResponse<typeof visitorContracts.contactSetting>;

/**
 * The contact, custom form and registration screens: fields from the site's saved configuration
 * (read at open, so no republish is needed), company info where the owner shows it, the owner's
 * script for the screen. Contact and form lead to their success screens; registration says the
 * email is on its way and offers to resend it.
 */
export default function FormScreen({ site, kind }: { site: ScreenSite; kind: FormScreenKind }) {
  const config = KINDS[kind];
  const { lang, siteId } = site;
  const [setting, setSetting] = useState<Setting | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [company, setCompany] = useState<Company | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [linkError, setLinkError] = useState(false);

  useEffect(() => {
    // The emailed link of an unknown, used or expired registration comes back with ?error=link.
    setLinkError(kind === 'register' && new URLSearchParams(window.location.search).get('error') === 'link');
    const params = { id: siteId };
    void visitorCall(config.settings, { params }, { lang }).then((answer) => (answer.ok ? setSetting(answer.data) : setFailed(answer.message)));
    void visitorCall('GET /end-user/site/:id/company', { params, query: { lang } }, { lang, quiet: true }).then((answer) => {
      if (answer.ok && answer.data[config.show]) setCompany(answer.data);
    });
    void visitorCall('GET /end-user/site/:id/scripts', { params }, { lang, quiet: true }).then((answer) => {
      if (answer.ok) runSiteScript(answer.data[config.script]);
    });
  }, [config, kind, lang, siteId]);

  // A conversion is counted once the entry is stored, under the cell the visitor came from; sent now, before the page changes.
  const converted = (type: 'registration' | 'contact' | 'form_submit') => {
    trackEvent(site, { type, cell: lastCell() });
    flushEvents();
  };

  const submit = async (values: FormValues, honeypot: string): Promise<ApiRefusal | null> => {
    const trap = honeypot ? { website: honeypot } : {};
    if (kind === 'register') {
      const answer = await visitorCall('POST /end-user/site/:id/register', { params: { id: siteId }, body: { data: values, lang, ...trap } }, { lang });
      if (!answer.ok) return answer;
      converted('registration');
      setSentTo({ email: String(values.email ?? ''), message: answer.data.message });
      return null;
    }
    const answer = await visitorCall(kind === 'contact' ? 'POST /contact' : 'POST /homepage', { params: {}, body: { siteId, data: values, lang, ...trap } }, { lang });
    if (!answer.ok) return answer;
    converted(kind === 'contact' ? 'contact' : 'form_submit');
    window.location.assign(pathFor(site, { subPath: kind === 'contact' ? 'contact-success' : 'form-success' }, window.location.search));
    return null;
  };

  const resend = async () => {
    if (!sentTo) return;
    const answer = await visitorCall('POST /end-user/site/:id/resend-register-email', { params: { id: siteId }, body: { email: sentTo.email, lang } }, { lang });
    showToast(answer.ok ? answer.data.message : answer.message);
  };

  return (
    <>
      <h1 className="sg-screen-title">{st(config.title, lang)}</h1>
      {linkError && (
        <p className="sg-form-error" role="alert">
          {visitorText('tokenInvalid', lang)}
        </p>
      )}
      {sentTo ? (
        <div className="sg-sent" role="status">
          <p>{sentTo.message}</p>
          <button type="button" className="sg-secondary" onClick={() => void resend()}>
            {st('resend', lang)}
          </button>
        </div>
      ) : setting?.locked ? (
        <p className="sg-form-error" role="alert">
          {visitorText('formLocked', lang)}
        </p>
      ) : setting ? (
        <VisitorForm fields={setting.fields} lang={lang} submitLabel={st(config.submit, lang)} onSubmit={submit} />
      ) : failed ? (
        <p className="sg-form-error" role="alert">
          {failed}
        </p>
      ) : (
        <span className="sg-spinner sg-screen-spinner" role="status" aria-label={st('loading', lang)} />
      )}
      {kind === 'register' && (
        <p className="sg-screen-switch">
          <ScreenLink site={site} subPath="login">
            {st('haveAccount', lang)}
          </ScreenLink>
        </p>
      )}
      {company && <CompanyInfo company={company} lang={lang} />}
    </>
  );
}
