/**
 * Settings → Mailbox: which mailbox is connected, whether its password is kept
 * (sealed on our server, for "stay connected"), and the button that disconnects and deletes
 * the kept password. Deleting the account deletes it too.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
  const remove = async () => {
    setBusy(true);
    try {
      await disconnectMailbox();
      await queryClient.invalidateQueries({ queryKey: emailConnectionKey });
      toast({
        title: "Mailbox disconnected",
        description: c?.stored ? "The kept password was deleted from our server." : "The connection was closed.",
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
            {c.username} on {c.host}:{c.port} · {c.connected ? "connected" : "not connected now"}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {c.stored
              ? "Stay connected is on: the password is kept on our server, encrypted with a key that is not in the database, so the mailbox reconnects by itself."
              : "The password is not kept: it was used for this connection only."}
          </p>
          <Button variant="outline" className="mt-3" disabled={busy} onClick={() => void remove()}>
            {c.stored ? "Disconnect and delete the kept password" : "Disconnect"}
          </Button>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">No mailbox is connected. Connect one in Organize → Email.</p>
      )}
    </Card>
  );
}
