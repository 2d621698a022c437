// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildSummary } from "../../../../domain/testing/build-summary";
import { PHOTO_FINDINGS } from "../../../../domain/testing/photo-findings";
import { SUMMARY } from "../testing/dashboard-fixture";
import { renderWithApp, resetTestState } from "../testing/render-dashboard";
import { QuickActionsPanel } from "./quick-actions-panel";

const actions = () =>
  within(screen.getByRole("region", { name: "Quick actions" }))
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

afterEach(resetTestState);

describe("QuickActionsPanel", () => {
  it("goes straight to each kind of clutter the scan found, with its count and bytes", () => {
    renderWithApp(<QuickActionsPanel summary={SUMMARY} />);
    expect(actions()).toEqual([
      ["Remove duplicate photos30 copies · 45.0 MB", "/organize?tab=photos&select=duplicates"],
      ["Remove duplicate copies20 copies · 55.0 MB", "/organize?tab=files&select=duplicates"],
      ["Review large files2 files · 300 MB", "/organize?tab=files&select=large"],
      ["Review old files200 files · 100 MB", "/organize?tab=files&select=old"],
      ["Empty files3 files", "/organize?tab=files"],
    ]);
  });

  it("leaves the copies' bytes out when the scan did not measure the photo copies", () => {
    const { photosDuplicateBytes: _none, ...rest } = buildSummary({ photosDuplicates: 1, duplicateFiles: 2 });
    renderWithApp(<QuickActionsPanel summary={rest} />);
    expect(actions().slice(0, 2)).toEqual([
      ["Remove duplicate photos1 copy", "/organize?tab=photos&select=duplicates"],
      ["Remove duplicate copies1 copy", "/organize?tab=files&select=duplicates"],
    ]);
  });

  it("adds the photo views the photo analysis found something for (issue 19)", () => {
    renderWithApp(<QuickActionsPanel summary={{ ...SUMMARY, photoFindings: { ...PHOTO_FINDINGS, blurry: 0, blurryBytes: 0 } }} />);
    expect(actions().slice(5)).toEqual([
      ["Keep the best of similar shots20 photos to review · 40.0 MB", "/organize?tab=photos&view=similar"],
      ["Clear old screenshots6 over 30 days old · 3.0 MB", "/organize?tab=photos&view=screenshots"],
    ]);
  });

  it("offers no action before a scan", () => {
    renderWithApp(<QuickActionsPanel summary={null} />);
    expect(screen.getByRole("heading", { name: "Quick actions" })).toBeInTheDocument();
    expect(screen.getByText("Run a scan first: quick actions work on what it finds.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
