import { DownloadSection } from "./components/download-section";
import { TrackProgressSection, WhatWeDoSection } from "./components/features-section";
import { Hero } from "./components/hero";
import { PricingSection } from "./components/pricing-section";
import { SiteFooter } from "./components/site-footer";
import { SignupIsland } from "./components/signup-island";
import { SiteHeader } from "./components/site-header";

const SIGNUP_ID = "early-access";

/** The main marketing page, at / for visitors and at /showcase (spec §2 "Landing pages"). */
export function ShowcasePage() {
  return (
    <div className="min-h-dvh">
      <SiteHeader />
      <main>
        <Hero secondary={{ href: `#${SIGNUP_ID}`, label: "Get Early Access" }} />
        <SignupIsland cardId={SIGNUP_ID} className="mx-auto max-w-xl scroll-mt-6 px-4" />
        <WhatWeDoSection />
        <TrackProgressSection />
        <PricingSection action={{ kind: "link", href: `#${SIGNUP_ID}`, label: "Lock In Early Price" }} />
        <DownloadSection
          headingId="download-title"
          title="Take CleanSpace with you"
          stores={[
            { label: "iOS", badge: "Soon", icon: "apple" },
            { label: "Android", badge: "Soon", icon: "android" },
          ]}
        />
      </main>
      <SiteFooter />
    </div>
  );
}
