import { Card, CardTitle } from "../../../components/ui/card";
import { PreferencesForm } from "../../../components/preferences-form";
import { usePreferences, useSavePreferences } from "../../../lib/settings/preferences-api";
import { toast } from "../../../lib/toast-store";

/** Edit the preferences asked after registration (spec §3); they order the dashboard's categories. */
export function YourPreferencesCard() {
  const prefs = usePreferences(true);
  const save = useSavePreferences();
  return (
    <Card aria-labelledby="your-prefs-title">
      <CardTitle id="your-prefs-title">Your goals</CardTitle>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">They decide the order of the categories on your dashboard.</p>
      {prefs.data ? (
        <PreferencesForm
          key={`${prefs.data.primaryGoal}:${prefs.data.dataTypes.join(",")}`}
          initial={prefs.data}
          saving={save.isPending}
          submitLabel="Update goals"
          onSubmit={(p) =>
            save.mutate(p, {
              onSuccess: () => toast({ title: "Setting Updated", description: "Your goals are saved." }),
              onError: () =>
                toast({ title: "Not saved", description: "Your goals could not be saved. Please try again.", variant: "destructive" }),
            })
          }
        />
      ) : prefs.isError ? (
        <p className="text-sm text-muted-foreground">Your goals can&apos;t be loaded right now.</p>
      ) : (
        <p className="text-sm text-muted-foreground">Loading…</p>
      )}
    </Card>
  );
}
