/**
 * /verify-email?token=…: the link mailed at registration. Confirms the address
 * once on arrival and says what that unlocks; a bad, used or expired link says so and
 * points to Settings, where a new link can be sent.
 */
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { VerifyEmailSchema } from "../../../domain/schemas/subscription";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useVerifyEmail } from "./api/verify-email";
import { AuthLayout, textLinkClass } from "./components/auth-layout";

function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get("token");
  return token !== null && VerifyEmailSchema.shape.token.safeParse(token).success ? token : null;
}

export function VerifyEmailPage() {
  const token = readToken(useSearch());
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effect: a link is single-use.
    if (token === null || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const invalid = token === null || (verify.isError && verify.error instanceof ApiError && verify.error.status === 400);
  return (
    <AuthLayout
      title="Confirm your e-mail"
      description="One click proves the address is yours."
      footer={
        <p>
          <Link href={paths.settings} className={textLinkClass}>
            Go to Settings
          </Link>
        </p>
      }
    >
      <div className="grid gap-3 text-center" aria-live="polite">
        {invalid ? (
          <p role="alert" className="font-medium text-danger">
            This confirmation link is invalid or has expired. Sign in and open Settings → Subscription to get a new one.
          </p>
        ) : verify.isError ? (
          <p role="alert" className="font-medium text-danger">
            Something went wrong. Please try again.
          </p>
        ) : verify.isSuccess ? (
          <>
            <p className="font-medium">Your e-mail address is confirmed.</p>
            <p className="text-sm text-muted-foreground">You can now start your free trial.</p>
            <Link href={paths.subscribe} className={textLinkClass}>
              See plans
            </Link>
          </>
        ) : (
          <p role="status">Confirming your address…</p>
        )}
      </div>
    </AuthLayout>
  );
}
