/**
 * /reset-password?token=…: choose a new password from the e-mailed link. A missing,
 * malformed, used or expired token shows one message and a way to ask for a new link.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { messages } from "../../../domain/messages";
import { PasswordResetConfirmSchema, PasswordSchema } from "../../../domain/schemas/auth";
import { Button } from "../../components/ui/button";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { useConfirmPasswordReset } from "./api/confirm-password-reset";
import { fieldIssues } from "./auth-errors";
import { authTexts } from "./auth-texts";
import { AuthLayout, textLinkClass } from "./components/auth-layout";
import { PasswordField } from "./components/password-field";
import { firstInvalid, useFocusWhenIdle } from "./hooks/use-focus-when-idle";

const FIELDS = ["password", "confirmPassword"] as const;

/** Same password rule as registration (spec §5), with the same mismatch message. */
const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ["confirmPassword"] });

function readToken(search: string): string | null {
  const token = new URLSearchParams(search).get("token");
  return token !== null && PasswordResetConfirmSchema.shape.token.safeParse(token).success ? token : null;
}

export function ResetPasswordPage() {
  const token = readToken(useSearch());
  const [linkError, setLinkError] = useState<string | null>(null);
  const footer = (
    <p>
      <Link href={paths.login} className={textLinkClass}>
        Back to Sign In
      </Link>
    </p>
  );
  return (
    <AuthLayout title="Choose a new password" description="Pick a password you don't use anywhere else." footer={footer}>
      {token === null || linkError !== null ? (
        <div className="grid gap-3 text-center">
          <p role="alert" className="font-medium text-danger">
            {linkError ?? authTexts.resetLinkInvalid}
          </p>
          <Link href={paths.forgotPassword} className={textLinkClass}>
            Request a new link
          </Link>
        </div>
      ) : (
        <ResetPasswordForm token={token} onLinkError={setLinkError} />
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ token, onLinkError }: { token: string; onLinkError(message: string): void }) {
  const [, navigate] = useLocation();
  const confirmReset = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
    shouldFocusError: false,
  });
  const focusWhenIdle = useFocusWhenIdle(isSubmitting, setFocus);

  const onSubmit = handleSubmit(
    async ({ password }) => {
      try {
        await confirmReset.mutateAsync({ token, password });
        toast({ title: authTexts.passwordUpdatedTitle, description: authTexts.passwordUpdatedBody });
        navigate(paths.login);
      } catch (error) {
        const passwordIssue = fieldIssues(error, ["password"] as const)[0];
        if (passwordIssue) {
          setError("password", { type: "server", message: passwordIssue.message });
          focusWhenIdle("password");
        } else if (error instanceof ApiError && error.status === 400) {
          onLinkError(error.serverError ?? authTexts.resetLinkInvalid);
        } else {
          const description = error instanceof ApiError && error.serverError ? error.serverError : messages.somethingWentWrong;
          toast({ variant: "destructive", title: authTexts.resetFailedTitle, description });
          focusWhenIdle("password");
        }
      }
    },
    (invalid) => focusWhenIdle(firstInvalid(FIELDS, invalid)),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4">
        <PasswordField
          label="New Password"
          toggleNoun="new password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordField
          label="Confirm New Password"
          toggleNoun="confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" size="lg" className="mt-2 w-full">
          {isSubmitting ? "Saving..." : "Save New Password"}
        </Button>
      </fieldset>
    </form>
  );
}
