import { Link } from "wouter";
import { paths } from "../../../config/paths";

/** "No data yet" with the way to get some: a scan from the Dashboard. */
export function EmptyNote({ children }: { children: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {children}{" "}
      <Link href={paths.home} className="font-medium text-accent underline">
        Scan from the Dashboard
      </Link>
      .
    </p>
  );
}
