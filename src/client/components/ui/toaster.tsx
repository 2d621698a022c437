import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "../../lib/toast-store";

/** Radix toasts with spec §9's constants: 5000 ms, F8, swipe right 50 px, label 'Notification'. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-panel border p-4 pr-10 shadow-lg data-[state=open]:animate-route-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${
            t.variant === "destructive" ? "border-danger-strong bg-danger-strong text-white" : "border-border bg-card text-foreground"
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
          </div>
          {t.action ? (
            <Toast.Action altText={t.action.label} asChild>
              <button type="button" onClick={t.action.onClick} className="ml-auto rounded-md border px-3 py-1 text-sm font-medium">
                {t.action.label}
              </button>
            </Toast.Action>
          ) : null}
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-20 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]" />
    </Toast.Provider>
  );
}
