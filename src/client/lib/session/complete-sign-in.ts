/**
 * What every way of signing in (login, registration) does once the server has set the
 * session cookie: store the spec's keys (spec §4), forget another identity's cached data,
 * and load the full session (subscription status included) before the next screen shows.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { storeSignedInUser } from "../stored-user";
import { getMeQueryOptions, sessionQueryKey } from "./get-me";

export interface SignedInUser {
  id: number;
  email: string;
  name?: string;
}

export function useCompleteSignIn(): (user: SignedInUser) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: SignedInUser) => {
      storeSignedInUser(user);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // Never throws; a failure leaves the session to load on the next screen.
      await queryClient.prefetchQuery(getMeQueryOptions());
    },
    [queryClient],
  );
}
