/**
 * The route table of spec §2. Every screen past the shell is lazy-loaded, so the initial
 * JavaScript of / stays small.
 */
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Route, Switch, useLocation } from "wouter";
import { DASHBOARD_PATHS, PAGES } from "../../domain/routes";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { queryKeys } from "../lib/query-keys";
import { readStoredUserId } from "../lib/stored-user";
import { SideNav } from "./side-nav";
import { TabBar } from "./tab-bar";

function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DashboardPage = lazyPage(() => import("../features/dashboard/dashboard-page"), "DashboardPage");
const OrganizePage = lazyPage(() => import("../features/organize/organize-page"), "OrganizePage");
const InsightsPage = lazyPage(() => import("../features/insights/insights-page"), "InsightsPage");
const SettingsPage = lazyPage(() => import("../features/settings/settings-page"), "SettingsPage");
const SubscribePage = lazyPage(() => import("../features/subscribe/subscribe-page"), "SubscribePage");
const LoginPage = lazyPage(() => import("../features/auth/login-page"), "LoginPage");
const RegisterPage = lazyPage(() => import("../features/auth/register-page"), "RegisterPage");
const ForgotPasswordPage = lazyPage(() => import("../features/auth/forgot-password-page"), "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(() => import("../features/auth/reset-password-page"), "ResetPasswordPage");
const EmailChangePage = lazyPage(() => import("../features/auth/email-change-page"), "EmailChangePage");
const VerifyEmailPage = lazyPage(() => import("../features/auth/verify-email-page"), "VerifyEmailPage");
const WelcomePage = lazyPage(() => import("../features/auth/welcome-page"), "WelcomePage");
const ShowcasePage = lazyPage(() => import("../features/marketing/showcase-page"), "ShowcasePage");
const LandingPage = lazyPage(() => import("../features/marketing/landing-page"), "LandingPage");
const DemoPage = lazyPage(() => import("../features/demo/demo-page"), "DemoPage");
const MobileDemoPage = lazyPage(() => import("../features/mobile-demo/mobile-demo-page"), "MobileDemoPage");
const PrivacyPage = lazyPage(() => import("../features/legal/privacy-page"), "PrivacyPage");
const TermsPage = lazyPage(() => import("../features/legal/terms-page"), "TermsPage");

/**
 * A signed-in app screen: the page, with room for the navigation AppRoutes renders beside it —
 * below it for the phone's tab bar, on its left for the desktop's side navigation.
 */
function WithTabs({ children }: { children: ReactNode }) {
  return <div className="pb-24 lg:pb-0 lg:pl-side-nav">{children}</div>;
}

const TAB_SCREENS: readonly string[] = [...DASHBOARD_PATHS, PAGES.organize, PAGES.insights, PAGES.settings];

/**
 * `/` is the dashboard for a signed-in user. The session the page brought (decision 024: the
 * server renders `/` with its data) decides, on the server and in the browser alike, so the
 * two renders agree; without it, the stored user. Read from the cache, never fetched here
 * (and by its key alone: the session query's module brings zod, which the shell must not).
 */
function useRootIsDashboard(): boolean {
  const me = useQueryClient().getQueryData<unknown>(queryKeys.session);
  return me !== undefined ? me !== null : readStoredUserId() !== null;
}

/** The screens that show the tab bar (or, on a desktop, the side navigation): the four tabs, and `/` when it is the dashboard (RootPage). */
function showsTabBar(location: string, rootIsDashboard: boolean): boolean {
  return TAB_SCREENS.includes(location) || (location === PAGES.root && rootIsDashboard);
}

/**
 * Marks the server-rendered screen as adopted: the server sends it `inert` (no input reaches a
 * button before the app can answer it), and this effect runs once the route's content has
 * been hydrated. No-op on a page the browser rendered itself.
 */
function ScreenReady() {
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("inert");
  }, []);
  return null;
}

function Loading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center text-muted-foreground">
      Loading…
    </div>
  );
}

/** `/` is the marketing page for visitors and the Dashboard tab for signed-in users. */
function RootPage() {
  return useRootIsDashboard() ? (
    <WithTabs>
      <DashboardPage />
    </WithTabs>
  ) : (
    <ShowcasePage />
  );
}

/**
 * The screen for the address, and the tab bar below it. Outside the route's wrapper, not in
 * a portal: the wrapper slides in with a transform, and a transformed ancestor makes `fixed`
 * relative to it (the bar sat under the content and jumped when the slide ended, Lighthouse
 * CLS 0.1–0.3); a portal cannot be rendered on the server (decision 024).
 */
export function AppRoutes() {
  const [location] = useLocation();
  const rootIsDashboard = useRootIsDashboard();
  // The screen the page opened on is already there (rendered by the server, or the first
  // paint): only a change of screen fades and slides in. A fade from opacity 0 would hold
  // back the first paint of server-rendered content.
  // `opened` is the screen the page opened on until the first change of screen, null after it.
  const [opened, setOpened] = useState<string | null>(location);
  if (opened !== null && location !== opened) setOpened(null);
  const animate = opened === null;
  return (
    <>
      <Suspense fallback={<Loading />}>
        {/* Keyed on the path so every route change starts its own fade and slide. */}
        <div key={location} className={animate ? "animate-route-in" : undefined}>
          <Switch>
            <Route path={PAGES.root} component={RootPage} />
            <Route path={PAGES.showcase} component={ShowcasePage} />
            <Route path={PAGES.landing} component={LandingPage} />
            <Route path={PAGES.demo} component={DemoPage} />
            {DASHBOARD_PATHS.map((p) => (
              <Route key={p} path={p}>
                <WithTabs>
                  <DashboardPage />
                </WithTabs>
              </Route>
            ))}
            <Route path={PAGES.organize}>
              <WithTabs>
                <OrganizePage />
              </WithTabs>
            </Route>
            <Route path={PAGES.insights}>
              <WithTabs>
                <InsightsPage />
              </WithTabs>
            </Route>
            <Route path={PAGES.settings}>
              <WithTabs>
                <SettingsPage />
              </WithTabs>
            </Route>
            <Route path={PAGES.subscribe} component={SubscribePage} />
            <Route path={PAGES.login} component={LoginPage} />
            <Route path={PAGES.register} component={RegisterPage} />
            <Route path={PAGES.forgotPassword} component={ForgotPasswordPage} />
            <Route path={PAGES.resetPassword} component={ResetPasswordPage} />
            <Route path={PAGES.emailChange} component={EmailChangePage} />
            <Route path={PAGES.verifyEmail} component={VerifyEmailPage} />
            <Route path={PAGES.welcome} component={WelcomePage} />
            <Route path={PAGES.mobileDemo} component={MobileDemoPage} />
            <Route path={PAGES.privacy} component={PrivacyPage} />
            <Route path={PAGES.terms} component={TermsPage} />
            <Route component={NotFoundPage} />
          </Switch>
          <ScreenReady />
        </div>
      </Suspense>
      {showsTabBar(location, rootIsDashboard) ? (
        <>
          <SideNav />
          <TabBar />
        </>
      ) : null}
    </>
  );
}
