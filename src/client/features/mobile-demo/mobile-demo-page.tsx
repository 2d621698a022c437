/**
 * /mobile-demo (spec §2 "Mobile demo"): the device's platform, battery and capabilities,
 * and test buttons for haptics, camera, notifications and sharing, each ending in a toast
 * (spec §8). Works in any browser through the device layer's web fallbacks.
 */
import { ArrowLeft, Bell, Camera, Share2, Smartphone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { paths } from "../../config/paths";
import type { CapturedPhoto } from "../../lib/device/camera";
import type { HapticStyle } from "../../lib/device/haptics";
import { toast, type ToastInput } from "../../lib/toast-store";
import { testCamera, testHaptic, testNotification, testShare } from "./demo-actions";
import { CapabilitiesCard, DeviceInfoCard } from "./device-info-cards";
import { useDeviceInfo } from "./use-device-info";

const HAPTICS: Array<{ style: HapticStyle; label: string }> = [
  { style: "light", label: "Light" },
  { style: "medium", label: "Medium" },
  { style: "heavy", label: "Heavy" },
];

function TestCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        {icon}
        {title}
      </CardTitle>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </Card>
  );
}

export function MobileDemoPage() {
  const { data: info, isError } = useDeviceInfo();
  const [busy, setBusy] = useState<string | null>(null);
  const [photo, setPhoto] = useState<CapturedPhoto | null>(null);

  const run = async (name: string, action: () => Promise<ToastInput>) => {
    setBusy(name);
    try {
      toast(await action());
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="mx-auto max-w-2xl space-y-4 p-6 pb-28">
      <Link href={paths.root} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        Back to home
      </Link>
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <Smartphone className="size-6 text-accent" aria-hidden />
          Mobile Features Demo
        </h1>
        <p className="mt-1 text-muted-foreground">Test what CleanSpace can do on this device.</p>
      </header>

      {info ? (
        <>
          <DeviceInfoCard info={info} />
          <CapabilitiesCard info={info} />
        </>
      ) : (
        <Card role="status" aria-live="polite" className="text-muted-foreground">
          {isError ? "Device information is not available." : "Loading device information..."}
        </Card>
      )}

      <TestCard title="Haptic Feedback" icon={<Smartphone className="size-5 text-accent" aria-hidden />}>
        {HAPTICS.map(({ style, label }) => (
          <Button
            key={style}
            variant="outline"
            disabled={busy !== null}
            onClick={() => void run(`haptic-${style}`, () => testHaptic(style))}
          >
            {label}
          </Button>
        ))}
      </TestCard>

      <TestCard title="Camera" icon={<Camera className="size-5 text-accent" aria-hidden />}>
        <Button
          disabled={busy !== null}
          onClick={() =>
            void run("camera", async () => {
              const result = await testCamera();
              if (result.photo) setPhoto(result.photo);
              return result.toast;
            })
          }
        >
          <Camera className="size-4" aria-hidden />
          Take Photo
        </Button>
        {photo ? (
          <img src={photo.dataUrl} alt="The photo you just took" className="mt-2 max-h-48 w-full rounded-panel object-contain" />
        ) : null}
      </TestCard>

      <TestCard title="Notifications" icon={<Bell className="size-5 text-accent" aria-hidden />}>
        <Button disabled={busy !== null} onClick={() => void run("notification", () => testNotification())}>
          <Bell className="size-4" aria-hidden />
          Send Test Notification
        </Button>
      </TestCard>

      <TestCard title="Sharing" icon={<Share2 className="size-5 text-accent" aria-hidden />}>
        <Button disabled={busy !== null} onClick={() => void run("share", () => testShare())}>
          <Share2 className="size-4" aria-hidden />
          Test Share
        </Button>
      </TestCard>
    </main>
  );
}
