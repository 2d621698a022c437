/**
 * Settings → Mailbox: which mailbox is connected and how (app password, or a Gmail/Outlook
 * sign-in), whether its password or renewal token is kept (sealed on our server, for "stay
 * connected"), and the button that disconnects and deletes it. Deleting the account deletes it too.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isMailOAuthProvider, MAIL_OAUTH_LABELS } from "../../../../domain/email-oauth";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../lib/toast-store";
import { disconnectMailbox, emailConnectionKey, getConnection } from "../../../lib/email/mail-api";

export function MailboxCard() {
  const queryClient = useQueryClient();
  const connection = useQuery({ queryKey: emailConnectionKey, queryFn: getConnection });
  const [busy, setBusy] = useState(false);
  const c = connection.data;
  const linked = c && (c.connected || c.stored);
  const provider = c && isMailOAuthProvider(c.method) ? MAIL_OAUTH_LABELS[c.method] : null;
  const kept = provider ? `${provider} renewal token` : "password";
  const remove = async () => {
    setBusy(true);
    try {
      await disconnectMailbox();
      await queryClient.invalidateQueries({ queryKey: emailConnectionKey });
      toast({
        title: "Mailbox disconnected",
        description: c?.stored ? `The kept ${kept} was deleted from our server.` : "The connection was closed.",
      });
    } catch {
      toast({ title: "Error", description: "Could not disconnect the mailbox. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="mailbox-card">
      <CardTitle>Mailbox</CardTitle>
      {linked ? (
        <>
          <p className="mt-1 text-sm" data-testid="mailbox-status">
            {c.username} on {c.host}:{c.port}
            {provider ? ` · signed in with ${provider}` : ""} · {c.connected ? "connected" : "not connected now"}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {c.stored
              ? `Stay connected is on: the ${kept} is kept on our server, encrypted with a key that is not in the database, so the mailbox reconnects by itself.`
              : provider
                ? `Nothing is kept: the ${provider} access token was used for this connection only.`
                : "The password is not kept: it was used for this connection only."}
            {provider ? ` You can also withdraw CleanSpace's access in your ${provider} account's security settings.` : ""}
          </p>
          <Button variant="outline" className="mt-3" disabled={busy} onClick={() => void remove()}>
            {c.stored ? `Disconnect and delete the kept ${kept}` : "Disconnect"}
          </Button>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">No mailbox is connected. Connect one in Organize → Email.</p>
      )}
    </Card>
  );
}
