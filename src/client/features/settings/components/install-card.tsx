import { Card, CardTitle } from "../../../components/ui/card";

/** Spec §2: install instructions for iPhone/iPad, Android and desktop. */
export function InstallCard() {
  return (
    <Card>
      <CardTitle>Install CleanSpace</CardTitle>
      <div className="mt-3 grid gap-3 text-sm">
        <section>
          <h3 className="font-semibold">iPhone / iPad</h3>
          <p className="text-muted-foreground">In Safari, tap the Share button, then &ldquo;Add to Home Screen&rdquo;.</p>
        </section>
        <section>
          <h3 className="font-semibold">Android</h3>
          <p className="text-muted-foreground">
            In Chrome, open the menu (⋮) and tap &ldquo;Install app&rdquo; or &ldquo;Add to Home screen&rdquo;.
          </p>
        </section>
        <section>
          <h3 className="font-semibold">Desktop</h3>
          <p className="text-muted-foreground">In Chrome or Edge, click the install icon at the right of the address bar.</p>
        </section>
      </div>
    </Card>
  );
}
