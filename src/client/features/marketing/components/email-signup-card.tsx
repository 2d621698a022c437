import { CheckCircle2, Mail } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { messages } from "../../../../domain/messages";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { looksLikeEmail, signupErrorMessage, useCreateEmailSignup } from "../api/create-email-signup";

/**
 * Early-launch signup card (spec §2, §4, §5, §8): idle → loading → success (the card is
 * replaced) or error. An address without '@' never reaches the server.
 */
export function EmailSignupCard({ id }: { id?: string }) {
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const signup = useCreateEmailSignup();
  const loading = signup.isPending;
  const inputRef = useRef<HTMLInputElement>(null);
  // On the prerendered pages the form is on screen before its script: an address typed in
  // that time is in the input but not yet in our state. Hydration keeps it; take it over.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (!looksLikeEmail(email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    signup.mutate(email);
  }

  if (signup.isSuccess) return <SignupSuccess id={id} />;

  return (
    <section id={id} aria-labelledby={headingId} className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand/15 text-accent">
          <Mail className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Get early access
          </h2>
          <p className="text-sm text-muted-foreground">Join 1,000+ users waiting</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">
        Be the first to know when CleanSpace launches and lock in the early-signup price.
      </p>
      {/* noValidate: the spec's own message must show instead of the browser's bubble. */}
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          ref={inputRef}
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          disabled={loading}
          error={invalid ? messages.invalidEmail : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            if (invalid) setInvalid(false);
            if (signup.isError) signup.reset();
          }}
        />
        <Button type="submit" size="lg" disabled={loading || email.trim() === ""} className="h-11">
          {loading ? "Joining…" : "Notify Me"}
        </Button>
      </form>
      {signup.isError ? (
        <p role="alert" className="mt-3 rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {signupErrorMessage(signup.error)}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-muted-foreground">We only write to you about the launch. No spam, no tracking.</p>
    </section>
  );
}

function SignupSuccess({ id }: { id?: string | undefined }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was in is gone; move focus to its replacement so it is announced.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      id={id}
      aria-labelledby="signup-success-title"
      className="rounded-card border border-success/40 bg-card p-6 text-center shadow-sm"
    >
      <CheckCircle2 className="mx-auto size-10 text-success" aria-hidden />
      <h2 id="signup-success-title" ref={headingRef} tabIndex={-1} className="mt-3 text-xl font-semibold outline-none">
        You&apos;re All Set!
      </h2>
      <p className="mt-2 text-muted-foreground">{messages.signupSuccess}</p>
    </section>
  );
}
