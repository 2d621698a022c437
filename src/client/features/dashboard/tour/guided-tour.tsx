/**
 * Spec §2 "Guided tour" and §4: five steps, 'Step N of M', progress, Back/Next/Finish and
 * close; blocks clicks outside the tour box and the tab bar; locks page scrolling; starts
 * 1 s after the dashboard loads unless tourCompleted is set.
 */
import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ProgressBar } from "../../../components/ui/progress-bar";

export const TOUR_KEY = "tourCompleted";
export const TOUR_DELAY_MS = 1000;

const STEPS = [
  {
    title: "Welcome",
    body: "CleanSpace finds what clutters your photos and files — on your device, privately — and helps you clear it a little every day.",
  },
  { title: "Home Tab", body: "Your Digital Health Score, today's goal, your streak and quick wins live here. Start with a scan." },
  {
    title: "Organize Tab",
    body: "Review duplicates, large and old files, select them in batches and move them to the CleanSpace trash — with undo.",
  },
  { title: "Insights Tab", body: "See how your score and freed space grow over time, with smart suggestions and wellness tips." },
  { title: "Settings Tab", body: "Theme, notifications, haptics, your account and your data — including what has ever left this device." },
];

function tourDone(): boolean {
  try {
    return localStorage.getItem(TOUR_KEY) === "true";
  } catch {
    return true;
  }
}

export function GuidedTour() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (tourDone()) return;
    const timer = setTimeout(() => setOpen(true), TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    box.current?.focus();
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  if (!open) return null;
  const finish = () => {
    try {
      localStorage.setItem(TOUR_KEY, "true");
    } catch {
      // Without storage the tour may show again next visit.
    }
    setOpen(false);
  };
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;

  return (
    <>
      {/* Blocks the page (not the tab bar, which sits above it). */}
      <div className="fixed inset-0 z-30 bg-black/60" aria-hidden data-testid="tour-overlay" />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        tabIndex={-1}
        onKeyDown={(e) => e.key === "Escape" && finish()}
        className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-card p-6 text-center shadow-xl outline-none"
      >
        <button type="button" aria-label="Close tour" onClick={finish} className="absolute right-3 top-3 rounded-md p-1 hover:bg-muted">
          <X className="size-4" aria-hidden />
        </button>
        <p className="text-xs text-muted-foreground">
          Step {step + 1} of {STEPS.length}
        </p>
        <ProgressBar className="mt-2" value={step + 1} max={STEPS.length} label="Tour progress" />
        <h2 id="tour-title" className="mt-4 text-xl font-semibold">
          {current.title}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{current.body}</p>
        <div className="mt-5 flex justify-center gap-2">
          {step > 0 ? (
            <Button variant="outline" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          ) : null}
          {last ? <Button onClick={finish}>Finish</Button> : <Button onClick={() => setStep(step + 1)}>Next</Button>}
        </div>
      </div>
    </>
  );
}
