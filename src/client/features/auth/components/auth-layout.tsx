import type { ReactNode } from "react";
import { Card } from "../../../components/ui/card";
import { BrandLink } from "./brand-link";

interface AuthLayoutProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Links under the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
}

/** Mobile-first frame of the sign-in screens: brand on top, one h1, one card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-8 sm:justify-center sm:py-12">
      <div className="w-full max-w-sm">
        <BrandLink />
        <h1 className="mt-8 text-center text-2xl font-semibold">{title}</h1>
        {description ? <p className="mt-2 text-center text-muted-foreground">{description}</p> : null}
        <Card className="mt-6">{children}</Card>
        {footer ? <div className="mt-6 grid gap-2 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
}

/** An inline text link in the brand's text colour, underlined so it never relies on colour alone. */
export const textLinkClass = "font-medium text-accent underline underline-offset-4 hover:no-underline";
