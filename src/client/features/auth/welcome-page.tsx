/** /welcome (spec §2): Create Account, Sign In, a support mail link, Privacy and Terms. */
import { Link } from "wouter";
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from "../../../domain/brand";
import { Button } from "../../components/ui/button";
import { Logo } from "../../components/ui/logo";
import { paths } from "../../config/paths";
import { textLinkClass } from "./components/auth-layout";

export function WelcomePage() {
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10">
      <div className="flex w-full max-w-sm flex-1 flex-col items-center justify-center text-center">
        <Logo className="flex-col gap-3 text-lg" markClassName="size-16" />
        <h1 className="mt-8 text-3xl font-semibold">Welcome to {PRODUCT_NAME}</h1>
        <p className="mt-3 text-muted-foreground">Clean up your photos, files, apps and email — privately, on your own device.</p>
        <div className="mt-10 grid w-full gap-3">
          <Button asChild size="lg" className="w-full">
            <Link href={paths.register}>Create Account</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full">
            <Link href={paths.login}>Sign In</Link>
          </Button>
        </div>
      </div>
      <div className="mt-10 grid gap-3 text-center text-sm text-muted-foreground">
        <p>
          Need help?{" "}
          <a href={`mailto:${DEFAULT_SUPPORT_EMAIL}`} className={textLinkClass}>
            {DEFAULT_SUPPORT_EMAIL}
          </a>
        </p>
        <nav aria-label="Legal" className="flex justify-center gap-4">
          <Link href={paths.privacy} className={textLinkClass}>
            Privacy Policy
          </Link>
          <Link href={paths.terms} className={textLinkClass}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </main>
  );
}
