/**
 * /forgot-password: asks for a reset link. The server answers 202 whether or not the
 * account exists, and so does this screen — it never reveals who has an account.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { messages } from "../../../domain/messages";
import { PasswordResetRequestSchema } from "../../../domain/schemas/auth";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { useRequestPasswordReset } from "./api/request-password-reset";
import { authTexts } from "./auth-texts";
import { AuthLayout, textLinkClass } from "./components/auth-layout";
import { useFocusWhenIdle } from "./hooks/use-focus-when-idle";

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: "" }, shouldFocusError: false });
  const focusWhenIdle = useFocusWhenIdle(isSubmitting, setFocus);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await requestReset.mutateAsync(values);
        setSent(true);
      } catch (error) {
        const description = error instanceof ApiError && error.serverError ? error.serverError : messages.somethingWentWrong;
        toast({ variant: "destructive", title: authTexts.requestFailedTitle, description });
        focusWhenIdle("email");
      }
    },
    () => focusWhenIdle("email"),
  );

  const backToSignIn = (
    <p>
      Remembered it?{" "}
      <Link href={paths.login} className={textLinkClass}>
        Back to Sign In
      </Link>
    </p>
  );

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the e-mail you signed up with and we'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      {sent ? (
        <div role="status" className="grid justify-items-center gap-3 text-center">
          <MailCheck className="size-10 text-accent" aria-hidden />
          <p>{authTexts.resetLinkSent}</p>
          <p className="text-sm text-muted-foreground">
            The link works for a limited time. Check your spam folder if it doesn&apos;t arrive.
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4">
            <Field
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.email?.message}
              {...register("email")}
            />
            <Button type="submit" size="lg" className="mt-2 w-full">
              {isSubmitting ? "Sending..." : "Send Reset Link"}
            </Button>
          </fieldset>
        </form>
      )}
    </AuthLayout>
  );
}
