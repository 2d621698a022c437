import { AppWindow, Flame, FolderOpen, Gauge, Image, Mail, PieChart, type LucideIcon } from "lucide-react";

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

// Each claim matches what the app does (privacy policy: scanning runs on the device).
const WHAT_WE_DO: readonly Feature[] = [
  { title: "Photo Cleanup", text: "Find exact duplicate photos by their content fingerprint and free the space they waste.", icon: Image },
  {
    title: "File Organization",
    text: "Spot large and old files across your folders, sorted by type, without uploading any of them.",
    icon: FolderOpen,
  },
  { title: "Email Management", text: "See where inbox clutter builds up and clear unread and promotional mail in batches.", icon: Mail },
  { title: "App Optimization", text: "Find apps you no longer use and reclaim the storage they hold.", icon: AppWindow },
];

const TRACK: readonly Feature[] = [
  { title: "Health Score", text: "One number out of 100 that explains what is cluttering your devices and why.", icon: Gauge },
  { title: "Cleanup Streaks", text: "A small cleanup each day builds a streak — and a habit that keeps clutter away.", icon: Flame },
  { title: "Storage Analytics", text: "Watch freed space and organized items add up, week by week.", icon: PieChart },
];

function FeatureGrid({
  id,
  title,
  intro,
  items,
  columns,
}: {
  id: string;
  title: string;
  intro: string;
  items: readonly Feature[];
  columns: string;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-5xl px-4 py-12">
      <h2 id={id} className="text-center text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-center text-muted-foreground">{intro}</p>
      <ul className={`mt-8 grid gap-4 sm:grid-cols-2 ${columns}`}>
        {items.map(({ title: t, text, icon: Icon }) => (
          <li key={t} className="rounded-card border border-border bg-card p-5 shadow-sm">
            <span className="grid size-10 place-items-center rounded-panel bg-brand/15 text-accent">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-3 font-semibold">{t}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WhatWeDoSection() {
  return (
    <FeatureGrid
      id="what-we-do-title"
      title="What We Do"
      intro="Four kinds of clutter, one calm place to deal with them."
      items={WHAT_WE_DO}
      columns="lg:grid-cols-4"
    />
  );
}

export function TrackProgressSection() {
  return (
    <FeatureGrid
      id="track-progress-title"
      title="Track Your Progress"
      intro="See the difference every cleanup makes."
      items={TRACK}
      columns="lg:grid-cols-3"
    />
  );
}
