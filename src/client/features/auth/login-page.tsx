/**
 * /login (spec §2 Sign-in, §4 Login states, §5 validation, §8 Login messages): idle →
 * submitting (everything disabled, 'Signing in...') → success (keys stored, /home) or
 * failure (toast, stay, focus back on the password).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { messages } from "../../../domain/messages";
import { LoginSchema } from "../../../domain/schemas/auth";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { paths } from "../../config/paths";
import { useCompleteSignIn } from "../../lib/session/complete-sign-in";
import { toast } from "../../lib/toast-store";
import { useLogin } from "./api/login";
import { loginErrorToast } from "./auth-errors";
import { AuthLayout, textLinkClass } from "./components/auth-layout";
import { PasswordField } from "./components/password-field";
import { firstInvalid, useFocusWhenIdle } from "./hooks/use-focus-when-idle";

const FIELDS = ["email", "password"] as const;

export function LoginPage() {
  const [, navigate] = useLocation();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: "", password: "" },
    shouldFocusError: false,
  });
  const focusWhenIdle = useFocusWhenIdle(isSubmitting, setFocus);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { user } = await login.mutateAsync(values);
        await completeSignIn(user);
        toast({ title: messages.loginSuccessTitle, description: messages.loginSuccessBody });
        navigate(paths.home);
      } catch (error) {
        toast(loginErrorToast(error));
        focusWhenIdle("password");
      }
    },
    (invalid) => focusWhenIdle(firstInvalid(FIELDS, invalid)),
  );

  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back. Sign in to keep your digital life tidy."
      footer={
        <p>
          Don&apos;t have an account?{" "}
          <Link href={paths.register} className={textLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
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
          <div className="grid gap-2">
            <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
            <Link href={paths.forgotPassword} className={`justify-self-end text-sm ${textLinkClass}`}>
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" className="mt-2 w-full">
            {isSubmitting ? "Signing in..." : "Sign In"}
          </Button>
        </fieldset>
      </form>
    </AuthLayout>
  );
}
