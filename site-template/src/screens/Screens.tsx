import type { VisitorSubPath } from '../../../model/visitor-path.ts';
import { visitorText } from '../../../model/messages/visitor-text.ts';
import { t } from '../viewer/i18n.ts';
import FormScreen from './FormScreen.tsx';
import LoginScreen from './LoginScreen.tsx';
import NewPasswordScreen from './NewPasswordScreen.tsx';
import ResetPasswordScreen from './ResetPasswordScreen.tsx';
import ScreenLink from './ScreenLink.tsx';
import SurveyScreen from './SurveyScreen.tsx';
import type { ScreenSite } from './screen-site.ts';
import { st } from './screen-texts.ts';

function ScreenBody({ site, screen }: { site: ScreenSite; screen: VisitorSubPath }) {
  switch (screen) {
    case 'contact':
      return <FormScreen site={site} kind="contact" />;
    case 'forms':
      return <FormScreen site={site} kind="forms" />;
    case 'register':
      return <FormScreen site={site} kind="register" />;
    case 'login':
      return <LoginScreen site={site} />;
    case 'reset-password':
      return <ResetPasswordScreen site={site} />;
    case 'new-password':
      return <NewPasswordScreen site={site} />;
    case 'survey':
      return <SurveyScreen site={site} />;
    case 'register-success':
      return (
        <div className="sg-sent" role="status">
          <h1 className="sg-screen-title">{st('registerTitle', site.lang)}</h1>
          <p>{st('registered', site.lang)}</p>
          <ScreenLink site={site} subPath="login" className="sg-submit">
            {st('toLogin', site.lang)}
          </ScreenLink>
        </div>
      );
    case 'contact-success':
    case 'form-success':
      return (
        <div className="sg-sent" role="status">
          <h1 className="sg-screen-title">{st(screen === 'contact-success' ? 'contactTitle' : 'formTitle', site.lang)}</h1>
          <p>{visitorText('sent', site.lang)}</p>
        </div>
      );
  }
}

/**
 * The visitor screens at the spec's sub-paths (§2), an island of their own so the swipe viewer's
 * first load carries none of them. No campaign panels here (§2 Layout: hidden on these screens).
 */
export default function Screens({ site, screen }: { site: ScreenSite; screen: VisitorSubPath }) {
  return (
    <div className="sg-screen" style={{ background: site.safeAreaColor }}>
      <header className="sg-screen-header">
        {site.logo ? <img className="sg-logo" src={site.logo.src} alt={site.name} height={32} /> : <span className="sg-site-name">{site.name}</span>}
        <ScreenLink site={site}>{st('backToSite', site.lang)}</ScreenLink>
      </header>
      <main className="sg-screen-main" data-screen={screen}>
        <ScreenBody site={site} screen={screen} />
      </main>
      {site.poweredBy && <p className="sg-screen-powered">{t('poweredBy', site.lang)}</p>}
    </div>
  );
}
