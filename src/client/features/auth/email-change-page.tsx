/**
 * /email-change?action=confirm|undo&token=…: the links of a change of sign-in address.
 * The page asks for a click rather than acting on load, so a mail scanner
 * that opens links changes nothing. States: ready, working, done, link invalid.
 */
import { Link, useSearch } from "wouter";
import { EmailChangeTokenSchema } from "../../../domain/schemas/auth";
import { Button } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useEmailChangeLink, type EmailChangeAction } from "./api/email-change-link";
import { AuthLayout, textLinkClass } from "./components/auth-layout";

const TEXTS = {
  confirm: {
    title: "Confirm your new address",
    description: "Use this address to sign in to CleanSpace from now on.",
    button: "Confirm new address",
    busy: "Confirming...",
    done: (email: string) => `Your sign-in address is now ${email}. Other devices were signed out.`,
  },
  undo: {
    title: "Keep your address",
    description:
      "Cancel the change of your sign-in address. Every device will be signed out and we'll e-mail you a link to choose a new password.",
    button: "Keep my address",
    busy: "Restoring...",
    done: (email: string) =>
      `Your sign-in address is ${email}. Every device was signed out: check that inbox for a link to choose a new password.`,
  },
} as const;

function readLink(search: string): { action: EmailChangeAction; token: string } | null {
  const params = new URLSearchParams(search);
  const action = params.get("action");
  const token = params.get("token");
  if ((action !== "confirm" && action !== "undo") || !EmailChangeTokenSchema.safeParse({ token }).success) return null;
  return { action, token: token! };
}

export function EmailChangePage() {
  const link = readLink(useSearch());
  const submit = useEmailChangeLink();
  const texts = TEXTS[link?.action ?? "confirm"];
  const footer = (
    <p>
      <Link href={paths.login} className={textLinkClass}>
        Go to Sign In
      </Link>
    </p>
  );
  const failure =
    link === null
      ? "This link is invalid or has expired."
      : submit.error
        ? submit.error instanceof ApiError && submit.error.serverError
          ? submit.error.serverError
          : "Something went wrong. Please try again."
        : null;

  return (
    <AuthLayout title={texts.title} description={texts.description} footer={footer}>
      <div className="grid gap-4 text-center">
        {submit.data ? (
          <p role="status" className="font-medium">
            {texts.done(submit.data.email)}
          </p>
        ) : (
          <>
            {failure ? (
              <p role="alert" className="font-medium text-danger">
                {failure}
              </p>
            ) : null}
            {link && !(submit.error instanceof ApiError && submit.error.status === 400) ? (
              <Button size="lg" className="w-full" disabled={submit.isPending} onClick={() => submit.mutate(link)}>
                {submit.isPending ? texts.busy : texts.button}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </AuthLayout>
  );
}
