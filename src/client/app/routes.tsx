/**
 * The route table of spec §2. Every screen past the shell is lazy-loaded, so the initial
 * JavaScript of / stays small.
 */
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Route, Switch, useLocation } from "wouter";
import { DASHBOARD_PATHS, PAGES } from "../../domain/routes";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { firstScreenShown, whenQueriesSettle } from "../lib/after-load";
import { queryKeys } from "../lib/query-keys";
import { readStoredUserId } from "../lib/stored-user";
import { SideNav } from "./side-nav";
import { TabBar } from "./tab-bar";

/**
 * A screen whose code loads on first use. Once `preload` has resolved, the screen renders its
 * component directly instead of through `lazy`, which suspends on its first render even when
 * the code is already there: a server-rendered screen suspended during hydration is adopted
 * later as a Suspense retry, which React holds back for up to 300 ms after any fallback of the
 * page appeared (its reveal throttle), and the screen's own data reads wait for that adoption.
 * The choice is made once per mount, so a screen is never swapped for another element type.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: ComponentType | undefined;
  const preload = async (): Promise<ComponentType> => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
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

const SCREENS: Readonly<Record<string, { preload(): Promise<unknown> }>> = {
  [PAGES.showcase]: ShowcasePage,
  [PAGES.landing]: LandingPage,
  [PAGES.demo]: DemoPage,
  ...Object.fromEntries(DASHBOARD_PATHS.map((p) => [p, DashboardPage])),
  [PAGES.organize]: OrganizePage,
  [PAGES.insights]: InsightsPage,
  [PAGES.settings]: SettingsPage,
  [PAGES.subscribe]: SubscribePage,
  [PAGES.login]: LoginPage,
  [PAGES.register]: RegisterPage,
  [PAGES.forgotPassword]: ForgotPasswordPage,
  [PAGES.resetPassword]: ResetPasswordPage,
  [PAGES.emailChange]: EmailChangePage,
  [PAGES.verifyEmail]: VerifyEmailPage,
  [PAGES.welcome]: WelcomePage,
  [PAGES.mobileDemo]: MobileDemoPage,
  [PAGES.privacy]: PrivacyPage,
  [PAGES.terms]: TermsPage,
};

/**
 * Loads the code of the screen at `path` (`/` is the dashboard or the showcase, as RootPage
 * decides), so that a server-rendered screen is hydrated in one pass (lazyPage). Resolves
 * when it is there; an unknown path, or code that fails to load, resolves too: the route then
 * loads it the usual way and its error boundary reports a failure.
 */
export async function preloadScreen(path: string, queryClient: QueryClient): Promise<void> {
  const screen = path === PAGES.root ? (rootIsDashboard(queryClient) ? DashboardPage : ShowcasePage) : SCREENS[path];
  await screen?.preload().catch(() => undefined);
}

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
function rootIsDashboard(queryClient: QueryClient): boolean {
  const me = queryClient.getQueryData<unknown>(queryKeys.session);
  return me !== undefined ? me !== null : readStoredUserId() !== null;
}

function useRootIsDashboard(): boolean {
  return rootIsDashboard(useQueryClient());
}

/** The screens that show the tab bar (or, on a desktop, the side navigation): the four tabs, and `/` when it is the dashboard (RootPage). */
function showsTabBar(location: string, rootIsDashboard: boolean): boolean {
  return TAB_SCREENS.includes(location) || (location === PAGES.root && rootIsDashboard);
}

/**
 * Marks the server-rendered screen as adopted: the server sends it `inert` (no input reaches a
 * button before the app can answer it), and this effect runs once the route's content has
 * been hydrated (no-op on a page the browser rendered itself). It runs after the screen's own
 * effects, so the reads the screen starts are under way: once they settle, the first screen
 * is shown and the after-load work may start (lib/after-load.ts).
 */
function ScreenReady() {
  const queryClient = useQueryClient();
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("inert");
    return whenQueriesSettle(queryClient, firstScreenShown);
  }, [queryClient]);
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
