import { organizeScore } from "../../../../domain/organize-score";
import { useDigitalData } from "../../../lib/data/digital-data-queries";

/** Spec §2: the organize score (health score × 0.8), from the user's last saved scan. */
export function OrganizeScore({ userId }: { userId: number | null }) {
  const data = useDigitalData(userId).data;
  if (!data?.hasScanned) return null;
  return (
    <p data-testid="organize-score" className="text-sm text-muted-foreground">
      Organize score <strong className="text-base text-foreground tabular-nums">{organizeScore(data.healthScore)}</strong> — 80% of your Digital Health Score ({data.healthScore})
    </p>
  );
}
