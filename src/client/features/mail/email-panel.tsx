/** Organize → Email: the connect form, or the connected mailbox. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import {
  isMailOAuthProvider,
  isOAuthOutcome,
  MAIL_OAUTH_LABELS,
  OAUTH_OUTCOME_PARAM,
  OAUTH_PROVIDER_PARAM,
  oauthOutcomeText,
} from "../../../domain/email-oauth";
import type { QuickSelect } from "../../../domain/filters";
import { paths } from "../../config/paths";
import { toast } from "../../lib/toast-store";
import { MailboxWorkspace } from "./mailbox-workspace";
import { ConnectForm } from "./connect-form";
import { disconnectMailbox, emailConnectionKey, getConnection } from "../../lib/email/mail-api";

/**
 * The outcome of a Gmail/Outlook sign-in, read once from the address the server sent the
 * browser back to, and then taken out of it (a reload must not say it again).
 */
function useOAuthReturn(): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [returned] = useState(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get(OAUTH_OUTCOME_PARAM);
    const provider = params.get(OAUTH_PROVIDER_PARAM);
    params.delete(OAUTH_OUTCOME_PARAM);
    params.delete(OAUTH_PROVIDER_PARAM);
    return isOAuthOutcome(outcome) && isMailOAuthProvider(provider) ? { outcome, provider, rest: params.toString() } : null;
  });
  useEffect(() => {
    if (!returned) return;
    if (returned.outcome === "connected")
      toast({ title: `${MAIL_OAUTH_LABELS[returned.provider]} connected`, description: "Your inbox is being listed." });
    navigate(`${location}?${returned.rest}`, { replace: true });
    // Once, on arrival: `location` and `navigate` do not change what came back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);
  return returned ? oauthOutcomeText(returned.outcome, returned.provider) : null;
}

export function EmailPanel({ filterOn, initialSelect }: { filterOn: boolean; initialSelect: QuickSelect | null }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const selectUsed = useCallback(() => navigate(paths.organize("email"), { replace: true }), [navigate]);
  const connection = useQuery({ queryKey: emailConnectionKey, queryFn: getConnection, staleTime: 0 });
  const notice = useOAuthReturn();
  if (connection.isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading…
      </p>
    );
  const c = connection.data;
  // A kept ("stay connected") password or sign-in reopens the mailbox on the first request.
  if (c && (c.connected || c.stored)) {
    return (
      <MailboxWorkspace
        connection={c}
        filterOn={filterOn}
        initialSelect={initialSelect}
        onInitialSelectUsed={selectUsed}
        onDisconnect={() => {
          void disconnectMailbox().finally(() => queryClient.invalidateQueries({ queryKey: emailConnectionKey }));
        }}
      />
    );
  }
  return (
    <ConnectForm
      canStay={c?.canStay ?? false}
      oauthReady={c?.oauth ?? { gmail: false, outlook: false }}
      notice={notice}
      onConnected={(next) => queryClient.setQueryData(emailConnectionKey, next)}
    />
  );
}
