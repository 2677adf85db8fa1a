/**
 * The routes of section 2. Public pages, the demo area, the landing path at
 * "/", every shell route behind its guard, and the catch-all that sends
 * anything unknown or denied to /login.
 */
import { Center, Spinner } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { APP_ROUTES, guardRoute } from '@common/access';
import { landingMachine } from '@machines/landing/landing.machine';
import { selectAccessContext, selectIsSignedIn } from '@machines/session/session.selectors';
import { loadAppMessages, useAppMessages } from '../lib/i18n';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { lazyPage } from './lazyPage';
import { PAGES } from './pages';
import { sessionGate } from './session-gate';
import { useSession } from './useSession';

// The signed-in frame (sidebar, header, menus, notifications) is a chunk of its own: the public pages never need it.
const loadShell = () => import('./shell/Shell').then((m) => ({ default: m.Shell }));
const Shell = lazyPage('shell', loadShell);

const LoginPage = lazyPage('login', () => import('../features/auth/LoginPage'));
const SignupPage = lazyPage('signup', () => import('../features/auth/SignupPage'));
const VerifyOtpPage = lazyPage('verify-otp', () => import('../features/auth/VerifyOtpPage'));
const SecretLoginPage = lazyPage('secret-login', () => import('../features/auth/SecretLoginPage'));
const ForgotPasswordPage = lazyPage('forgot-password', () => import('../features/auth/ForgotPasswordPage'));
const ResetEmailSentPage = lazyPage('reset-email-sent', () => import('../features/auth/ResetEmailSentPage'));
const ResetPasswordPage = lazyPage('reset-password', () => import('../features/auth/ResetPasswordPage'));
const SetupPasswordPage = lazyPage('setup-password', () => import('../features/auth/SetupPasswordPage'));
const TokenExpiredPage = lazyPage('token-expired', () => import('../features/auth/TokenExpiredPage'));
const ConfirmEmailPage = lazyPage('confirm-email', () => import('../features/auth/ConfirmEmailPage'));
const DemoPage = lazyPage('demo', () => import('../features/demo/DemoPage'));
const UsageReportPdfPage = lazyPage('usage-report-pdf', () => import('../features/usage/UsageReportPdfPage'));

function Loading() {
  return (
    <Center minH="50vh">
      <Spinner size="lg" color="brand.500" />
    </Center>
  );
}

/** Login, signup, verify-otp and forgot-password send signed-in users of a non-demo organisation to "/". */
function PublicOnly({ children }: { children: ReactNode }) {
  const access = useSession(selectAccessContext);
  const signedIn = useSession((s) => s.matches('signedIn'));
  if (signedIn && access && !access.organisation.is_demo) return <Redirect to="/" />;
  return <>{children}</>;
}

/** Shell routes need a session; without one the user goes to /login (noting an expired session). */
function RequireSession({ children, demoArea = false }: { children: ReactNode; demoArea?: boolean }) {
  const gate = useSession(sessionGate);
  const access = useSession(selectAccessContext);
  const messagesReady = useAppMessages(gate === 'allow');
  if (gate === 'loading') return <Loading />;
  // "~" addresses from the root: inside the nested /demo routes a bare "/login" would mean /demo/login.
  if (gate !== 'allow' || !access) return <Redirect to={`~${gate === 'allow' ? '/login' : gate}`} />;
  // The signed-in app's strings are a download of their own: draw nothing untranslated meanwhile.
  if (!messagesReady) return <Loading />;
  // The demo organisation lives under /demo, and only it does.
  // Anyone else opening /demo goes to sign-in, which sends a signed-in user home (docs/decisions.md).
  if (access.organisation.is_demo !== demoArea) return <Redirect to={demoArea ? '~/login' : '~/demo'} />;
  return <>{children}</>;
}

/** /usage-report-pdf opens with a report link's token; without one it goes to /login (section 2). */
function RequireReportToken({ children }: { children: ReactNode }) {
  const token = new URLSearchParams(useSearch()).get('token')?.trim();
  if (!token) return <Redirect to="/login" />;
  return <>{children}</>;
}

function Guarded({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const access = useSession(selectAccessContext)!;
  const verdict = guardRoute(pathname, search, access);
  if (!verdict.allow) return <Redirect to={verdict.redirect} />;
  return <>{children}</>;
}

/** "/": work out the landing path with the landing statechart and go there. */
function Landing() {
  const access = useSession(selectAccessContext);
  const [snapshot] = useActor(landingMachine, { input: { access } });
  return <Redirect to={snapshot.output?.path ?? '/login'} />;
}

function Page({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ChunkErrorBoundary resetKey={location}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

export function Router() {
  // Fetch the signed-in frame as soon as there is a session, alongside the first page's own chunk.
  const signedIn = useSession(selectIsSignedIn);
  useEffect(() => {
    if (!signedIn) return;
    void loadShell().catch(() => undefined);
    void loadAppMessages();
  }, [signedIn]);
  return (
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <Page>
            <LoginPage />
          </Page>
        </PublicOnly>
      </Route>
      <Route path="/signup">
        <PublicOnly>
          <Page>
            <SignupPage />
          </Page>
        </PublicOnly>
      </Route>
      <Route path="/verify-otp">
        <PublicOnly>
          <Page>
            <VerifyOtpPage />
          </Page>
        </PublicOnly>
      </Route>
      <Route path="/forgot-password">
        <PublicOnly>
          <Page>
            <ForgotPasswordPage />
          </Page>
        </PublicOnly>
      </Route>
      <Route path="/secret-login/:user_secret">
        <Page>
          <SecretLoginPage />
        </Page>
      </Route>
      <Route path="/reset-email-sent">
        <Page>
          <ResetEmailSentPage />
        </Page>
      </Route>
      <Route path="/reset-password">
        <Page>
          <ResetPasswordPage />
        </Page>
      </Route>
      <Route path="/setup-password">
        <Page>
          <SetupPasswordPage />
        </Page>
      </Route>
      <Route path="/token-expired">
        <Page>
          <TokenExpiredPage />
        </Page>
      </Route>
      {/* Not in the spec's route table: the link that confirms a user's new e-mail (docs/admin.md). */}
      <Route path="/confirm-email">
        <Page>
          <ConfirmEmailPage />
        </Page>
      </Route>
      {/* Section 2: the printable usage report needs a token (a report link's), otherwise sign-in; no session needed. */}
      <Route path="/usage-report-pdf">
        <RequireReportToken>
          <Page>
            <UsageReportPdfPage />
          </Page>
        </RequireReportToken>
      </Route>
      <Route path="/demo" nest>
        <RequireSession demoArea>
          <Page>
            <DemoPage />
          </Page>
        </RequireSession>
      </Route>
      <Route path="/">
        <RequireSession>
          <Landing />
        </RequireSession>
      </Route>
      {APP_ROUTES.map((route) => {
        const Component = PAGES[route.id];
        return (
          <Route key={route.id} path={route.path}>
            <RequireSession>
              <Guarded>
                <Page>
                  <Shell>
                    <Page>
                      <Component />
                    </Page>
                  </Shell>
                </Page>
              </Guarded>
            </RequireSession>
          </Route>
        );
      })}
      {/* The catch-all of section 2. */}
      <Route>
        <Redirect to="/login" />
      </Route>
    </Switch>
  );
}
