/**
 * Changing the sign-in address: the current password is required; the new
 * address must confirm from its mailbox before it takes effect, and the old one is told.
 * States: closed, form (submitting disables it), waiting for confirmation, error per field.
 */
import { useState, type FormEvent } from "react";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { usePendingEmailChange, useRequestEmailChange } from "../api/email-change";

type Errors = Partial<Record<"newEmail" | "currentPassword" | "form", string>>;

/** Field messages of a 400 `{ issues }`, or one message for the whole form. */
function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError && error.status === 400 && Array.isArray((error.body as { issues?: unknown })?.issues)) {
    const out: Errors = {};
    for (const issue of (error.body as { issues: { field?: string; message?: string }[] }).issues) {
      if ((issue.field === "newEmail" || issue.field === "currentPassword") && issue.message && !out[issue.field])
        out[issue.field] = issue.message;
    }
    if (out.newEmail || out.currentPassword) return out;
  }
  if (error instanceof ApiError && error.status === 429 && error.serverError) return { form: error.serverError };
  return { form: "Something went wrong. Please try again." };
}

export function ChangeEmail({ user }: { user: PublicUser }) {
  const pending = usePendingEmailChange();
  const request = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await request.mutateAsync({ newEmail, currentPassword });
      setOpen(false);
      setCurrentPassword("");
    } catch (err) {
      setErrors(errorsOf(err));
    }
  };

  const waiting = pending.data?.pending;
  return (
    <div className="mt-3 border-t border-border pt-3">
      {waiting ? (
        <p role="status" className="text-sm" data-testid="email-change-pending">
          Check <strong>{waiting.newEmail}</strong> for a confirmation link. You keep signing in with {user.email} until you open it.
        </p>
      ) : null}
      {open ? (
        <form className="mt-2 grid gap-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Change sign-in e-mail">
          <fieldset disabled={request.isPending} className="grid min-w-0 gap-3">
            <Field
              label="New email"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              error={errors.newEmail}
              required
            />
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              error={errors.currentPassword}
              required
            />
            <p className="text-sm text-muted-foreground">
              We&apos;ll send a confirmation link to the new address and let {user.email} know.
            </p>
            {errors.form ? (
              <p role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" disabled={newEmail.trim() === "" || currentPassword === ""}>
                {request.isPending ? "Sending..." : "Send confirmation link"}
              </Button>
              <Button variant="outline" type="button" onClick={() => (setOpen(false), setErrors({}))}>
                Cancel
              </Button>
            </div>
          </fieldset>
        </form>
      ) : (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setOpen(true)}>
          {waiting ? "Use another address" : "Change email"}
        </Button>
      )}
    </div>
  );
}
