/**
 * A signed-in tab screen's HTML (decision 024): the app shell with the screen's markup in
 * #root, when the renderer produced it, and the data it was rendered from at the end of the
 * body, where the app's script reads it to hydrate that markup (or, without markup, to render
 * the screen complete at once).
 */
import { firstScreenScript, type FirstScreenData } from "../../domain/first-screen";

const EMPTY_ROOT = '<div id="root"></div>';

export function withFirstScreen(shell: string, data: FirstScreenData, markup: string | null): string {
  let html = shell;
  if (markup !== null && html.includes(EMPTY_ROOT)) {
    // Inert until the app has adopted it (src/client/app/routes.tsx): a tap on a button that
    // does nothing yet is worse than one the page does not take.
    html = html.replace(EMPTY_ROOT, () => `<div id="root" inert>${markup}</div>`);
    // The account's theme, which the app applies on start (its synced settings), from the
    // first paint: a light-theme account's screen does not flash dark first.
    if ((data.reads.settings as { darkMode?: unknown } | undefined)?.darkMode === false)
      html = html.replace('<html lang="en" class="dark">', '<html lang="en">');
  }
  const script = firstScreenScript(data);
  const at = html.lastIndexOf("</body>");
  return at === -1 ? html + script : html.slice(0, at) + script + html.slice(at);
}
