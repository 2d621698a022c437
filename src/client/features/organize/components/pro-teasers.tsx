import { Eye, Filter, Layers, Sparkles, type LucideIcon } from "lucide-react";
import { UpgradeTeaser } from "../../../lib/premium/upgrade-teaser";

const TEASERS: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: "Batch Operations",
    body: "Select duplicates, large, old or unused items in one tap and clean them up together — with undo.",
    icon: Layers,
  },
  { title: "Advanced Filters", body: "Filter by name, size, date, status and type, and save your own presets.", icon: Filter },
  { title: "Quick Preview", body: "Press and hold any photo, file or app to see it before you decide.", icon: Eye },
  { title: "Safe Cleanup", body: "Move clutter to the CleanSpace trash in your folder and put it back any time.", icon: Sparkles },
];

/** Spec §2/§6: non-subscribers see four locked feature teasers, each with its upgrade link. */
export function ProTeasers() {
  return (
    <section aria-labelledby="pro-teasers-title" className="grid gap-3">
      <h2 id="pro-teasers-title" className="text-lg font-semibold">
        Organize with CleanSpace Pro
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {TEASERS.map(({ title, body, icon: Icon }) => (
          <li key={title} className="grid">
            <UpgradeTeaser title={title} description={body} icon={<Icon className="size-5" />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
