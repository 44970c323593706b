import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { configureClient } from './api/client.ts';
import { I18nProvider, useI18n } from './i18n/i18n.tsx';
import { ErrorPage } from './screens/ErrorPage.tsx';
import { FirstTimeChange, ForgotPassword, Login, Logout, NewPassword } from './screens/auth/AuthScreens.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { ToastProvider, useToast } from './ui/toast.tsx';
import { Layout } from './ui/Layout.tsx';
import { ScreenErrorBoundary } from './ui/ScreenErrorBoundary.tsx';

/** A signed-in screen: its own chunk, loaded with the texts of the signed-in screens. */
function screen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => (await Promise.all([import('./i18n/catalogue-screens.ts'), load()]))[1]);
}

// The signed-in screens are their own chunks: the login screen loads none of them, nor their texts.
const SiteList = screen(() => import('./screens/sites/SiteList.tsx'));
const CreateSite = screen(() => import('./screens/sites/CreateSite.tsx'));
const SiteEditor = screen(() => import('./screens/editor/SiteEditor.tsx'));
const Preview = screen(() => import('./screens/editor/Preview.tsx'));
const UserList = screen(() => import('./screens/users/UserList.tsx'));
const UserDetail = screen(() => import('./screens/users/UserDetail.tsx'));
const CreateUser = screen(() => import('./screens/users/CreateUser.tsx'));
const AdminList = screen(() => import('./screens/users/AdminList.tsx'));
const ApiKeys = screen(() => import('./screens/account/ApiKeys.tsx'));
const AccountScreen = screen(() => import('./screens/account/AccountScreen.tsx'));
const SurveyList = screen(() => import('./screens/surveys/SurveyList.tsx'));
const SurveyEditor = screen(() => import('./screens/surveys/SurveyEditor.tsx'));
const SurveyResults = screen(() => import('./screens/surveys/SurveyResults.tsx'));
const NotificationList = screen(() => import('./screens/notifications/NotificationList.tsx'));
const NotificationForm = screen(() => import('./screens/notifications/NotificationForm.tsx'));
const NotificationDetail = screen(() => import('./screens/notifications/NotificationDetail.tsx'));
const AnnouncementList = screen(() => import('./screens/announcements/AnnouncementList.tsx'));
const AnnouncementForm = screen(() => import('./screens/announcements/AnnouncementForm.tsx'));
const AnnouncementDetail = screen(() => import('./screens/announcements/AnnouncementDetail.tsx'));
const Inbox = screen(() => import('./screens/announcements/Inbox.tsx'));
const OwnerDataList = screen(() => import('./screens/owner-data/OwnerDataList.tsx'));
const OwnerDataDetail = screen(() => import('./screens/owner-data/OwnerDataDetail.tsx'));
const AnalyticsScreen = screen(() => import('./screens/analytics/AnalyticsScreen.tsx'));
const AccountAnalyticsScreen = screen(() => import('./screens/analytics/AccountAnalyticsScreen.tsx'));
const InvoiceScreen = screen(() => import('./screens/billing/InvoiceScreen.tsx'));
const PlanManagement = screen(() => import('./screens/plans/PlanManagement.tsx'));
const PlanScreen = screen(() => import('./screens/plans/PlanScreen.tsx'));
const CheckPlan = screen(() => import('./screens/plans/CheckPlan.tsx'));
const SummaryScreen = screen(() => import('./screens/dashboard/SummaryScreen.tsx'));

/** The spec's routes of a site's members, contacts and form entries (B §7), each a list and a detail. */
const OWNER_DATA_ROUTES = [
  { segment: 'site-member', kind: 'members' },
  { segment: 'site-contact', kind: 'contacts' },
  { segment: 'site-form', kind: 'forms' },
] as const;

/** Wires the API client to navigation, toasts, language and the session. */
function ClientWiring() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const { lang } = useI18n();
  const { reload } = useSession();
  useEffect(() => {
    configureClient({ navigate, toast, lang: () => lang, reloadAccount: reload });
  }, [navigate, toast, lang, reload]);
  return null;
}

/** Signed-in screens: a signed-out visitor goes to login, a pending password change to its screen, a wrong prefix to the right one. */
function Protected({ prefix, children }: { prefix?: string; children: ReactNode }) {
  const { account } = useSession();
  const [location] = useLocation();
  const { t } = useI18n();
  if (account === undefined) return <p className="loading">{t('loading')}</p>;
  if (account === null) return <Redirect to="/login" />;
  if (account.mustChangePassword) return <Redirect to="/first-time-change-password" />;
  if (prefix !== undefined && prefix !== account.routePrefix) return <Redirect to={location.replace(`/${prefix}/`, `/${account.routePrefix}/`)} />;
  return (
    <Layout>
      <ScreenErrorBoundary key={location}>
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>{children}</Suspense>
      </ScreenErrorBoundary>
    </Layout>
  );
}

function Home() {
  const { account } = useSession();
  if (account === undefined) return null;
  return <Redirect to={account ? `/${account.routePrefix}/site-list` : '/login'} />;
}

function Routes() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/login" component={Login} />
      <Route path="/reset-pass" component={ForgotPassword} />
      <Route path="/new-password" component={NewPassword} />
      <Route path="/first-time-change-password" component={FirstTimeChange} />
      <Route path="/log-out" component={Logout} />
      <Route path="/errors/:code">{(params) => <ErrorPage code={params.code} />}</Route>
      <Route path="/site/:siteId/preview">
        {(params) => (
          <Protected>
            <Preview siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/site-list">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SiteList />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/create-site">
        {(params) => (
          <Protected prefix={params.prefix}>
            <CreateSite />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/site/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SiteEditor siteId={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/survey/:siteId">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SurveyList siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/survey/:siteId/create">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SurveyEditor siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/survey/:siteId/edit/:surveyId">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SurveyEditor siteId={params.siteId} surveyId={params.surveyId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/survey/:siteId/detail/:surveyId">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SurveyResults siteId={params.siteId} surveyId={params.surveyId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/summary">
        {(params) => (
          <Protected prefix={params.prefix}>
            <SummaryScreen />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/analytics">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AccountAnalyticsScreen />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/analytics/:siteId">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnalyticsScreen key={params.siteId} siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification-delivery/:siteId">
        {(params) => (
          <Protected prefix={params.prefix}>
            <NotificationList siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification-delivery/:siteId/create">
        {(params) => (
          <Protected prefix={params.prefix}>
            <NotificationForm siteId={params.siteId} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification-delivery/:siteId/edit/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <NotificationForm siteId={params.siteId} notificationId={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification-delivery/:siteId/detail/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <NotificationDetail siteId={params.siteId} notificationId={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/latest-information">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementList kind="news" />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/latest-information/create">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementForm kind="news" />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/latest-information/edit/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementForm kind="news" id={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/latest-information/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementDetail kind="news" id={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/system-notification">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementList kind="system" />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/create-notification">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementForm kind="system" />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification/edit/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementForm kind="system" id={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/notification/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AnnouncementDetail kind="system" id={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/inbox">
        {(params) => (
          <Protected prefix={params.prefix}>
            <Inbox />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/plan-management">
        {(params) => (
          <Protected prefix={params.prefix}>
            <PlanManagement />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/plan">
        {(params) => (
          <Protected prefix={params.prefix}>
            <PlanScreen />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/check-plan">
        {(params) => (
          <Protected prefix={params.prefix}>
            <CheckPlan />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/user-list">
        {(params) => (
          <Protected prefix={params.prefix}>
            <UserList />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/create-user">
        {(params) => (
          <Protected prefix={params.prefix}>
            <CreateUser />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/admin-list">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AdminList />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/api-keys">
        {(params) => (
          <Protected prefix={params.prefix}>
            <ApiKeys />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/account">
        {(params) => (
          <Protected prefix={params.prefix}>
            <AccountScreen />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/invoice/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <InvoiceScreen invoiceId={params.id} />
          </Protected>
        )}
      </Route>
      <Route path="/:prefix/user/:id">
        {(params) => (
          <Protected prefix={params.prefix}>
            <UserDetail userId={params.id} />
          </Protected>
        )}
      </Route>
      {OWNER_DATA_ROUTES.flatMap(({ segment, kind }) => [
        <Route key={`${segment}-list`} path={`/:prefix/${segment}/:id`}>
          {(params) => (
            <Protected prefix={params.prefix}>
              <OwnerDataList key={`${kind}-${params.id}`} kind={kind} siteId={params.id} />
            </Protected>
          )}
        </Route>,
        <Route key={`${segment}-detail`} path={`/:prefix/${segment}/:id/:rowId`}>
          {(params) => (
            <Protected prefix={params.prefix}>
              <OwnerDataDetail kind={kind} siteId={params.id} rowId={params.rowId} />
            </Protected>
          )}
        </Route>,
      ])}
      <Route>
        <ErrorPage code="404" />
      </Route>
    </Switch>
  );
}

/** The whole console: one React island, its screens chosen by the client router. */
export default function App() {
  return (
    <I18nProvider>
      <ToastProvider>
        <SessionProvider>
          <Router>
            <ClientWiring />
            <Routes />
          </Router>
        </SessionProvider>
      </ToastProvider>
    </I18nProvider>
  );
}
