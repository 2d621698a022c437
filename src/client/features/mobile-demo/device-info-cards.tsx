import { BatteryCharging, BatteryMedium, Check, X } from "lucide-react";
import { Card, CardTitle } from "../../components/ui/card";
import type { DeviceInfo } from "../../lib/device/device-info";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-border py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium" data-testid={`device-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}

export function DeviceInfoCard({ info }: { info: DeviceInfo }) {
  const battery = info.battery;
  const BatteryIcon = battery?.charging ? BatteryCharging : BatteryMedium;
  return (
    <Card>
      <CardTitle>Device Information</CardTitle>
      <dl className="mt-3">
        <Row label="Platform" value={info.platform} />
        <Row label="Native" value={yesNo(info.isNative)} />
        <Row label="iOS" value={yesNo(info.isIOS)} />
        <Row label="Android" value={yesNo(info.isAndroid)} />
        <Row label="Battery" value={battery ? `${Math.round(battery.level * 100)}%` : "Not available"} />
        <Row label="Charging" value={battery ? yesNo(battery.charging) : "Not available"} />
      </dl>
      {battery ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <BatteryIcon className="size-4" aria-hidden />
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
            role="meter"
            aria-label="Battery level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(battery.level * 100)}
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${Math.round(battery.level * 100)}%` }} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

export function CapabilitiesCard({ info }: { info: DeviceInfo }) {
  const features = [
    { name: "Camera", on: info.supportsCamera },
    { name: "Haptics", on: info.supportsVibration },
    { name: "Notifications", on: info.supportsNotifications },
    { name: "Sharing", on: info.supportsShare },
    { name: "File System", on: info.supportsFileSystem },
  ];
  return (
    <Card>
      <CardTitle>Capabilities</CardTitle>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Supported features">
        {features.map((f) => (
          <li
            key={f.name}
            data-testid={`capability-${f.name.toLowerCase().replace(" ", "-")}`}
            data-supported={f.on}
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-3 py-1 text-sm"
          >
            {f.on ? <Check className="size-4 text-accent" aria-hidden /> : <X className="size-4 text-muted-foreground" aria-hidden />}
            {f.name}
            <span className="sr-only">: {f.on ? "supported" : "not supported"}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
