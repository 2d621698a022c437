import { DownloadSection } from "./components/download-section";
import { Hero } from "./components/hero";
import { PricingSection } from "./components/pricing-section";
import { SiteFooter } from "./components/site-footer";
import { SignupIsland } from "./components/signup-island";
import { SiteHeader } from "./components/site-header";

/** The shorter launch page (spec §2 /landing): plans are shown but not yet purchasable. */
export function LandingPage() {
  return (
    <div className="min-h-dvh">
      <SiteHeader />
      <main>
        <Hero secondary={{ href: "#early-access", label: "Get Early Access" }} />
        <PricingSection action={{ kind: "inert", label: "Get Started" }} />
        <DownloadSection
          headingId="download-title"
          title="Coming to your phone"
          stores={[
            { label: "App Store", badge: "Coming Soon", icon: "apple" },
            { label: "Google Play", badge: "Coming Soon", icon: "android" },
          ]}
        />
        <SignupIsland cardId="early-access" className="mx-auto max-w-xl px-4 pb-12" />
      </main>
      <SiteFooter />
    </div>
  );
}
