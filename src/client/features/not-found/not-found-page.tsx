import { Link } from "wouter";
import { paths } from "../../config/paths";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-accent" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link href={paths.root} className="rounded-control bg-brand px-4 py-2 font-medium text-white">
        Go to the home page
      </Link>
    </main>
  );
}
