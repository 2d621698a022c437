/**
 * The signed-in app's first screen, sent ready with the HTML (docs/decisions/024): for the
 * tab screens below, the server reads what the screen shows first through its own API, as
 * the signed-in user, and puts the answers in the page; the client starts from them instead
 * of asking again. The one list of those reads, shared by the server (which reads them) and
 * the client (which files each answer under its query key).
 */
import { DASHBOARD_PATHS, PAGES } from "./routes";

export type FirstScreen = "dashboard" | "organize" | "insights" | "settings";

/** An API read a first screen starts from, by the name the page payload files it under. */
export type FirstScreenRead = "me" | "digitalData" | "streak" | "settings" | "preferences" | "tip" | "insights" | "subscription";

/**
 * What each screen shows before any input: the reads its first render and the app shell
 * (synced settings) make. A read missing from the page (a 403 for Insights without Pro, a
 * failed read) is simply made by the client, as without this.
 */
export const FIRST_SCREEN_READS: Readonly<Record<FirstScreen, readonly FirstScreenRead[]>> = {
  dashboard: ["me", "digitalData", "streak", "settings", "preferences", "tip"],
  organize: ["me", "digitalData", "settings"],
  insights: ["me", "insights", "settings"],
  // Settings' top cards show the user and their plan. What Settings shows of this device's
  // own stores (keep-rules, device data, the sent log, the theme) is drawn by the browser.
  settings: ["me", "settings", "preferences", "subscription"],
};

/** The screen a page path opens on for a signed-in user, if it is one of the above. */
export function firstScreenOf(path: string): FirstScreen | undefined {
  // `/` too: for a signed-in user it is the Dashboard tab (spec §2), rendered with its data.
  if ((DASHBOARD_PATHS as readonly string[]).includes(path) || path === PAGES.root) return "dashboard";
  if (path === PAGES.organize) return "organize";
  if (path === PAGES.insights) return "insights";
  if (path === PAGES.settings) return "settings";
  return undefined;
}

/** The GET that answers a read, for the signed-in user `userId`. */
export function firstScreenReadUrl(read: FirstScreenRead, userId: number): string {
  switch (read) {
    case "me":
      return "/api/auth/me";
    case "digitalData":
      return `/api/digital-data/${userId}`;
    case "streak":
      return `/api/streaks/${userId}`;
    case "settings":
      return "/api/settings";
    case "preferences":
      return "/api/preferences";
    case "tip":
      return "/api/tips/random";
    case "insights":
      return `/api/insights/${userId}`;
    case "subscription":
      return "/api/subscription";
  }
}

/** The page payload: whose answers these are (null: a visitor, no session), and each answer as the API sent it. */
export interface FirstScreenData {
  userId: number | null;
  reads: Partial<Record<FirstScreenRead, unknown>>;
}

/**
 * Pages a visitor opens first — sign-in, registration, plans — rendered by the server for a
 * request without a live session (decision 043), from one fact: there is no session. The
 * browser hydrates them knowing that, so it neither asks `/api/auth/me` (a 401 in the console)
 * nor draws the page again.
 */
export const VISITOR_SCREENS: ReadonlySet<string> = new Set([
  PAGES.login,
  PAGES.register,
  PAGES.forgotPassword,
  PAGES.welcome,
  PAGES.subscribe,
]);

/** The payload of a visitor screen: no user, and the session read answered "nobody". */
export const VISITOR_DATA: FirstScreenData = { userId: null, reads: { me: null } };

/** The element that carries the payload: `<script type="application/json">`, never executed. */
export const FIRST_SCREEN_ELEMENT_ID = "cs-first-screen";

/**
 * The element (JSON, a list of script paths) that names the app's code in a page the server
 * rendered: the entry fetches it once the screen is painted, instead of the page preloading it.
 */
export const APP_MODULES_ELEMENT_ID = "cs-app-modules";

/**
 * The payload as the text of a JSON script element. `<` is escaped, so nothing in the data (a
 * name such as `</script><script>…`) can end the element; U+2028/9 for old parsers' sake.
 */
export function firstScreenScript(data: FirstScreenData): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
}

/**
 * The server's renderer of these screens, built from the client's components
 * (dist/client/.ssr/first-screen.mjs): the #root markup of the page at `url` for the user
 * `data` names, or null when it cannot render it (the browser then renders the page itself).
 */
export type RenderFirstScreen = (url: string, data: FirstScreenData) => Promise<string | null>;
