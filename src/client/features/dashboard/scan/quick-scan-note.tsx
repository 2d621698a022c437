import { Link } from "wouter";
import { paths } from "../../../config/paths";

/** Which scan the saved "Quick scans (sizes only)" setting picks, and where to change it. */
export function QuickScanNote({ metadataOnly }: { metadataOnly: boolean }) {
  return (
    <p data-testid="scan-mode" className="text-sm text-muted-foreground">
      {metadataOnly
        ? "Quick scan: sizes only, no file contents read — duplicates are “possible duplicates”."
        : "Full scan: copies are confirmed by their contents, read only on this device."}{" "}
      <Link className="font-medium text-accent underline" href={paths.settings}>
        Change in Settings
      </Link>
    </p>
  );
}
