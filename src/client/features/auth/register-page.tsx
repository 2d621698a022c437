/**
 * /register (spec §2 Registration, §4 states, §5 validation, §8 Registration messages).
 * Sends {name, email, password} only; a 400's field issues (e.g. a too-common password)
 * and a 409 (e-mail taken) show on their field as well as in the toast.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { messages } from "../../../domain/messages";
import { RegisterFormSchema } from "../../../domain/schemas/auth";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useCompleteSignIn } from "../../lib/session/complete-sign-in";
import { toast } from "../../lib/toast-store";
import { useCreateUser } from "./api/create-user";
import { fieldIssues, registrationErrorToast } from "./auth-errors";
import { AuthLayout, textLinkClass } from "./components/auth-layout";
import { PasswordField } from "./components/password-field";
import { firstInvalid, useFocusWhenIdle } from "./hooks/use-focus-when-idle";

const FIELDS = ["name", "email", "password", "confirmPassword"] as const;
const SERVER_FIELDS = ["name", "email", "password"] as const;

export function RegisterPage() {
  const [, navigate] = useLocation();
  const createUser = useCreateUser();
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
    shouldFocusError: false,
  });
  const focusWhenIdle = useFocusWhenIdle(isSubmitting, setFocus);

  const onSubmit = handleSubmit(
    async ({ name, email, password }) => {
      try {
        const user = await createUser.mutateAsync({ name, email, password });
        await completeSignIn({ id: user.id, email: user.email, name: user.name });
        toast({ title: messages.accountCreatedTitle, description: messages.accountCreatedBody });
        navigate(paths.showcase);
      } catch (error) {
        toast(registrationErrorToast(error));
        const issues = fieldIssues(error, SERVER_FIELDS);
        if (error instanceof ApiError && error.status === 409) {
          issues.push({ field: "email", message: error.serverError ?? messages.emailTaken });
        }
        for (const issue of issues) setError(issue.field, { type: "server", message: issue.message });
        focusWhenIdle(issues[0]?.field ?? "email");
      }
    },
    (invalid) => focusWhenIdle(firstInvalid(FIELDS, invalid)),
  );

  return (
    <AuthLayout
      title="Create Account"
      description="Start decluttering your photos, files, apps and email."
      footer={
        <p>
          Already have an account?{" "}
          <Link href={paths.login} className={textLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4">
          <Field label="Full Name" autoComplete="name" autoCapitalize="words" error={errors.name?.message} {...register("name")} />
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
          <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register("password")} />
          <PasswordField
            label="Confirm Password"
            toggleNoun="confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
          />
          <Button type="submit" size="lg" className="mt-2 w-full">
            {isSubmitting ? "Creating Account..." : "Create Account"}
          </Button>
        </fieldset>
      </form>
    </AuthLayout>
  );
}
