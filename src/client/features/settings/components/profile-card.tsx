import { useState, type FormEvent } from "react";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast-store";
import { useUpdateProfile } from "../api/account";
import { ChangeEmail } from "./change-email";

/** Spec §2 profile card (name and e-mail): the name is edited here, the address through ChangeEmail. */
export function ProfileCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProfile(user.id);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await update.mutateAsync({ name });
      toast({ title: "Profile updated", description: "Your name is saved." });
      setEditing(false);
    } catch (err) {
      setError(err instanceof ApiError && err.serverError ? err.serverError : "Something went wrong. Please try again.");
    }
  };

  return (
    <Card>
      <CardTitle>Profile</CardTitle>
      {editing ? (
        <form className="mt-3 grid gap-3" onSubmit={(e) => void save(e)} noValidate>
          <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required error={error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending || name === user.name}>
              {update.isPending ? "Saving..." : "Save"}
            </Button>
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex items-center justify-between gap-3">
          <div>
            <p className="font-medium" data-testid="profile-name">
              {user.name}
            </p>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </div>
      )}
      <ChangeEmail user={user} />
    </Card>
  );
}
