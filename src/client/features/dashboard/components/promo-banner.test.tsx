// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, resetTestState } from "../testing/render-dashboard";
import { PromoBanner } from "./promo-banner";

afterEach(resetTestState);

describe("PromoBanner", () => {
  it("previews Pro and links to /subscribe", async () => {
    const { user, location } = renderWithApp(<PromoBanner />);
    const banner = screen.getByRole("complementary", { name: "Premium" });
    expect(banner).toHaveTextContent("Premium Features Preview");
    await user.click(within(banner).getByRole("link", { name: "Upgrade Now" }));
    expect(location.history?.at(-1)).toBe("/subscribe");
  });
});
