import { Sparkles } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { PreferencesForm } from "../../../components/preferences-form";
import { useSavePreferences } from "../../../lib/settings/preferences-api";
import type { PreferencesState } from "../../../../domain/preferences";
import { toast } from "../../../lib/toast-store";

/**
 * Asked once after registration: an inline card, not a modal, so nothing else
 * on the dashboard waits for it. Saving or skipping answers it for good; Settings edits later.
 */
export function PreferencesPrompt({ current }: { current: PreferencesState }) {
  const save = useSavePreferences();
  const fail = () =>
    toast({ title: "Not saved", description: "Your preferences could not be saved. Please try again.", variant: "destructive" });
  return (
    <Card aria-labelledby="prefs-prompt-title" data-testid="preferences-prompt">
      <CardTitle id="prefs-prompt-title" className="flex items-center gap-2">
        <Sparkles className="size-5 text-accent" aria-hidden /> Make CleanSpace yours
      </CardTitle>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        Two quick questions to put what matters to you first. You can change them any time in Settings.
      </p>
      <PreferencesForm
        initial={current}
        saving={save.isPending}
        submitLabel="Save preferences"
        onSubmit={(p) => save.mutate(p, { onError: fail })}
      >
        <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate({ skipped: true }, { onError: fail })}>
          Skip
        </Button>
      </PreferencesForm>
    </Card>
  );
}
