import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { clearSignedInUser } from "../../../lib/stored-user";
import { clearSentRequests } from "../../../lib/privacy-receipts/sent-log";
import { toast } from "../../../lib/toast-store";
import { deleteAccount } from "../api/account";

/** Sign Out, and Delete account after re-entering the password (the privacy right to delete). */
export function AccountCard({ userId, onSignOut, signingOut }: { userId: number; onSignOut(): void; signingOut: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirmDelete = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await deleteAccount(userId, password);
      clearSignedInUser();
      clearSentRequests();
      toast({ title: "Account deleted", description: "Your account and all its data have been removed." });
      window.location.assign("/");
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 403
          ? "That password is not correct."
          : err instanceof ApiError && err.status === 502
            ? "Your subscription could not be cancelled with the card provider, so nothing was deleted. Please try again in a few minutes."
            : "Something went wrong. Please try again.",
      );
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardTitle>Account</CardTitle>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? "Signing out..." : "Sign Out"}
        </Button>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button variant="destructive">Delete account</Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-card p-6 shadow-xl">
              <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-muted-foreground">
                Any paid subscription or trial is cancelled with our card payment provider first, so you are not charged again. Then your
                account, settings, scores, history, streak and queued e-mails are removed from our server at once. Files on your device are
                not touched. It cannot be undone.
              </Dialog.Description>
              <form className="mt-4 grid gap-3" onSubmit={(e) => void confirmDelete(e)}>
                <Field
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={error}
                  required
                />
                <div className="flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.Close>
                  <Button type="submit" variant="destructive" disabled={busy || password.length === 0}>
                    {busy ? "Deleting..." : "Delete permanently"}
                  </Button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </Card>
  );
}
