import { useState, type FormEvent } from "react";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast-store";
import { useUpdateProfile } from "../api/account";

/** Spec §2 profile card (name and e-mail), editable through the accounts API. */
export function ProfileCard({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProfile(user.id);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await update.mutateAsync({ ...(name !== user.name ? { name } : {}), ...(email !== user.email ? { email } : {}) });
      toast({ title: "Profile updated", description: "Your name and e-mail are saved." });
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
          <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required />
          <Field label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required error={error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending || (name === user.name && email === user.email)}>
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
    </Card>
  );
}
