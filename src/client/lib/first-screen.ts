/**
 * The first screen's data sent with the page (src/domain/first-screen.ts, decision 024): each
 * answer is filed in the query cache under the key the screen's hooks read, so the screen
 * renders complete on its first render, with no request and no second render when answers
 * arrive. What the queries' own fetchers do with an answer besides returning it (keep the
 * stored user, the settings mirror and the offline copies in step) is done here too, once the
 * page has loaded.
 *
 * The answers are the API's own, serialized by the server through the same response schemas
 * the client's fetchers check against (none of them transforms a value), so they are filed as
 * they are: this module stays free of the schema library, which is costly to load on a phone
 * and is not needed to show the first screen.
 */
import type { QueryClient } from "@tanstack/react-query";
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData, type FirstScreenRead } from "../../domain/first-screen";
import type { PublicUser } from "../../domain/schemas/auth";
import type { Settings } from "../../domain/schemas/settings";
import { afterLoad } from "./after-load";
import { queryKeys } from "./query-keys";
import { storeSignedInUser } from "./stored-user";

interface Filing {
  key: readonly unknown[];
  /** The fetcher's side effects for this answer, run after the page has loaded. */
  adopt?: (value: unknown) => Promise<unknown>;
}

const localCache = () => import("./offline/local-cache");

function filingOf(read: FirstScreenRead, userId: number): Filing {
  switch (read) {
    case "me":
      return { key: queryKeys.session, adopt: async (user) => (await localCache()).putCached("users", user as PublicUser) };
    case "digitalData":
      return {
        key: queryKeys.dashboard.digitalData(userId),
        adopt: async (v) => (await localCache()).putCached("digitalData", { ...(v as Record<string, unknown>), userId }),
      };
    case "streak":
      return {
        key: queryKeys.dashboard.streak(userId),
        adopt: async (v) => (await localCache()).putCached("streaks", { ...(v as Record<string, unknown>), userId }),
      };
    case "settings":
      return { key: queryKeys.settings.all, adopt: async (v) => (await import("./settings/settings-queries")).writeMirror(v as Settings) };
    case "preferences":
      return { key: queryKeys.settings.preferences };
    case "tip":
      return { key: queryKeys.dashboard.tip };
    case "insights":
      return { key: queryKeys.insights.data(userId) };
    case "subscription":
      return { key: queryKeys.subscription };
  }
}

/** The payload in this page, if the server sent one; anything malformed counts as none. */
export function readFirstScreen(doc: Document = document): FirstScreenData | null {
  const text = doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as FirstScreenData;
    return (typeof data?.userId === "number" || data?.userId === null) && data.reads && typeof data.reads === "object" ? data : null;
  } catch {
    return null;
  }
}

/**
 * Files every answer in the cache, or none: a payload whose user record is not the user it
 * names is dropped whole and the screen asks the API. `adopt: false` (the server's render)
 * files the answers without the browser's side effects.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData, { adopt = true }: { adopt?: boolean } = {}): boolean {
  // A visitor screen (decision 043): the one answer is that there is no session.
  if (data.userId === null) {
    if (data.reads.me !== null) return false;
    queryClient.setQueryData(queryKeys.session, null);
    return true;
  }
  const userId = data.userId;
  const me = data.reads.me as Partial<PublicUser> | undefined;
  if (!me || me.id !== userId || typeof me.email !== "string") return false;
  const filed = (Object.entries(data.reads) as [FirstScreenRead, unknown][]).map(([read, value]) => ({
    filing: filingOf(read, userId),
    value,
  }));
  for (const { filing, value } of filed) queryClient.setQueryData(filing.key, value);
  if (!adopt) return true;
  // The stored user at once: the shell reads it to pick a screen (as getMe's answer does).
  storeSignedInUser({ id: me.id, email: me.email, name: me.name });
  afterLoad(() => {
    for (const { filing, value } of filed)
      filing.adopt?.(value).catch((error: unknown) => console.warn("CleanSpace: the local copy was not updated", error));
  });
  return true;
}
