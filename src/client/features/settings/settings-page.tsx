/**
 * Settings (spec §2 "Settings"). The server renders it with the account's data (decision 050):
 * the cards that show what this device alone knows — its theme and reminders, keep-rules,
 * offline queue, scan data, sent log, install state — are `ClientOnly`, so the hydrating
 * render matches the server's markup; they are drawn once the page is adopted, in a
 * transition (as one render they would block input for a long task). Each is drawn where
 * no server-rendered card follows it (the end of the first column, the whole second one),
 * so none pushes the server's markup down.
 */
import { Link } from "wouter";
import { ClientOnly } from "../../components/client-only";
import { Card } from "../../components/ui/card";
import { paths } from "../../config/paths";
import { useSession } from "../../lib/session/use-session";
import { useSignOut } from "../../lib/session/sign-out";
import { useChangeSettings, useEffectiveSettings } from "../../lib/settings/use-effective-settings";
import { AboutCard } from "./components/about-card";
import { AccountCard } from "./components/account-card";
import { DeviceDataCard } from "./components/device-data-card";
import { InstallCard } from "./components/install-card";
import { KeepRulesCard } from "./components/keep-rules-card";
import { MailboxCard } from "./components/mailbox-card";
import { PreferencesCard } from "./components/preferences-card";
import { ProfileCard } from "./components/profile-card";
import { SentLogCard } from "./components/sent-log-card";
import { SubscriptionSection } from "./components/subscription/subscription-section";
import { SyncCard } from "./components/sync-card";
import { YourPreferencesCard } from "./components/your-preferences-card";

export function SettingsPage() {
  const session = useSession();
  const user = session.user;
  const current = useEffectiveSettings();
  const change = useChangeSettings();
  const signOut = useSignOut();

  return (
    // Phones: one column. Desktops (lg): the account and how CleanSpace behaves on the left,
    // this device's data and the rest on the right (the phone's order, read column by column).
    <main className="mx-auto grid max-w-2xl gap-4 p-4 sm:p-6 lg:max-w-6xl lg:grid-cols-2 lg:items-start lg:p-8">
      <h1 className="text-2xl font-bold lg:col-span-2">Settings</h1>
      <div className="grid gap-4">
        {user ? (
          <ProfileCard user={user} />
        ) : session.status !== "loading" ? (
          <Card>
            <p className="text-sm">
              You&apos;re not signed in.{" "}
              <Link className="font-medium text-accent underline" href={paths.login}>
                Sign in
              </Link>{" "}
              to keep your settings, score and streak on every device.
            </p>
          </Card>
        ) : null}
        {user ? <YourPreferencesCard /> : null}
        {user ? <SubscriptionSection /> : null}
        <ClientOnly deferred>
          <PreferencesCard settings={current} onChange={change} signedIn={user !== null} />
          <KeepRulesCard />
        </ClientOnly>
      </div>
      {/* The whole second column: its account cards (mailbox, about, account) sit below this
          device's on a desktop, and would be pushed down when those are drawn (layout shift). */}
      <ClientOnly deferred>
        <div className="grid gap-4">
          <SyncCard />
          <DeviceDataCard />
          {user ? <MailboxCard /> : null}
          <SentLogCard />
          <InstallCard />
          <AboutCard />
          {user ? <AccountCard userId={user.id} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} /> : null}
        </div>
      </ClientOnly>
    </main>
  );
}
