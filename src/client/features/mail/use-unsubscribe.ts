/**
 * Unsubscribe from a sender: the server reads the List-Unsubscribe of one of their messages
 * and sends the RFC 8058 one-click POST itself where offered (https only); otherwise the mailto:
 * or web link opens on this device. A one-click offered over plain http is not sent: its link is
 * shown with a warning. The result is said in a toast.
 */
import { useCallback } from "react";
import { toast } from "../../lib/toast-store";
import { errorText, unsubscribe } from "../../lib/email/mail-api";

export function useUnsubscribe(): (target: { folder: string; uidValidity: number; uid: number }, label: string) => Promise<void> {
  return useCallback(async (target, label) => {
    try {
      const res = await unsubscribe(target);
      if (res.method === "one-click")
        toast({
          title: res.ok ? "Unsubscribed" : "Unsubscribe not confirmed",
          description: res.ok
            ? `${label} confirmed the one-click unsubscribe.`
            : `${label} did not accept the one-click request; try the link in one of their messages.`,
        });
      else if (res.method === "web" && res.insecure)
        // RFC 8058 one-click needs https: the page is not opened for the user unasked over plain http.
        toast({
          title: "Unsubscribe page is not secure",
          description: `${label} asked for a one-click unsubscribe over plain http, which is not secure, so nothing was sent. You can open their page yourself.`,
          variant: "destructive",
          action: { label: "Open the page anyway", onClick: () => void window.open(res.target, "_blank", "noopener,noreferrer") },
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
