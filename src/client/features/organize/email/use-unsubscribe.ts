/**
 * Unsubscribe from a sender: the server reads the List-Unsubscribe of one of their messages
 * and sends the RFC 8058 one-click POST itself where offered; otherwise the mailto: or web link
 * opens on this device. The result is said in a toast.
 */
import { useCallback } from "react";
import { toast } from "../../../lib/toast-store";
import { errorText, unsubscribe } from "../../../lib/email/mail-api";

export function useUnsubscribe(): (uid: number | null, label: string) => Promise<void> {
  return useCallback(async (uid, label) => {
    if (uid === null) return;
    try {
      const res = await unsubscribe(uid);
      if (res.method === "one-click")
        toast({
          title: res.ok ? "Unsubscribed" : "Unsubscribe not confirmed",
          description: res.ok
            ? `${label} confirmed the one-click unsubscribe.`
            : `${label} did not accept the one-click request; try the link in one of their messages.`,
        });
      else if (res.method === "mailto" || res.method === "web") {
        window.open(res.target, "_blank", "noopener,noreferrer");
        toast({
          title: "Unsubscribe link opened",
          description: res.method === "mailto" ? "Send the prepared e-mail to finish unsubscribing." : "Finish on the sender's page.",
        });
      } else toast({ title: "No unsubscribe offered", description: `${label} does not offer one.` });
    } catch (e) {
      toast({ title: "Unsubscribe failed", description: errorText(e), variant: "destructive" });
    }
  }, []);
}
