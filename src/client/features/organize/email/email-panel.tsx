/** Organize → Email: the connect form, or the connected mailbox. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MailboxWorkspace } from "./mailbox-workspace";
import { ConnectForm } from "./connect-form";
import { disconnectMailbox, emailConnectionKey, getConnection } from "../../../lib/email/mail-api";

export function EmailPanel() {
  const queryClient = useQueryClient();
  const connection = useQuery({ queryKey: emailConnectionKey, queryFn: getConnection, staleTime: 0 });
  if (connection.isLoading)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading…
      </p>
    );
  const c = connection.data;
  // A kept ("stay connected") password reopens the mailbox on the first request.
  if (c && (c.connected || c.stored)) {
    return (
      <MailboxWorkspace
        connection={c}
        onDisconnect={() => {
          void disconnectMailbox().finally(() => queryClient.invalidateQueries({ queryKey: emailConnectionKey }));
        }}
      />
    );
  }
  return <ConnectForm canStay={c?.canStay ?? false} onConnected={(next) => queryClient.setQueryData(emailConnectionKey, next)} />;
}
