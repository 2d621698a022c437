/**
 * The client session: the server's answer to /api/auth/me, never the stored id alone.
 * Screens use `status` to tell "not known yet" from "signed out".
 */
import type { PublicUser } from "../../../domain/schemas/auth";
import { useMe } from "./get-me";

export type SessionStatus = "loading" | "signed-in" | "signed-out" | "error";

export interface Session {
  status: SessionStatus;
  /** The signed-in user, or null while loading, signed out or unreachable. */
  user: PublicUser | null;
  isSignedIn: boolean;
  isLoading: boolean;
  error: Error | null;
}

export function useSession(): Session {
  const me = useMe();
  // Data already known wins over a later failed refetch (e.g. offline): keep the last answer.
  if (me.data !== undefined) {
    const user = me.data;
    return { status: user ? "signed-in" : "signed-out", user, isSignedIn: user !== null, isLoading: false, error: me.error };
  }
  if (me.isError) return { status: "error", user: null, isSignedIn: false, isLoading: false, error: me.error };
  return { status: "loading", user: null, isSignedIn: false, isLoading: true, error: null };
}
