import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { Card, CardTitle } from "../../../components/ui/card";
import { formatCount } from "../../../../domain/format";

/** Spec §2 results card: Files Found, Photos Analyzed, Apps Detected, Duplicates Found. */
export function ScanResultsCard({ summary }: { summary: ScanSummary }) {
  const figures = [
    ["Files Found", summary.totalFiles],
    ["Photos Analyzed", summary.photosCount],
    ["Apps Detected", summary.appsCount],
    [summary.metadataOnly ? "Possible Duplicates" : "Duplicates Found", summary.duplicateFiles],
  ] as const;
  return (
    <Card aria-labelledby="scan-results-title">
      <CardTitle id="scan-results-title">Scan results</CardTitle>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-panel bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`result-${label.toLowerCase().replaceAll(" ", "-")}`}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {summary.photosCount > 0 ? (
        <p className="mt-3 text-sm" data-testid="photos-analyzed">
          <span className="font-medium">Photos Analyzed</span>: Found {formatCount(summary.photosCount)} photos,{" "}
          {formatCount(summary.photosDuplicates)} duplicates
        </p>
      ) : null}
      {summary.metadataOnly ? (
        <p className="mt-2 text-xs text-muted-foreground">Quick mode compared sizes only: same-size files are possible duplicates.</p>
      ) : null}
    </Card>
  );
}
