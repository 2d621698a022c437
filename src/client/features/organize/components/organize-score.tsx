import { organizeScore } from "../../../../domain/organize-score";
import { useDigitalData } from "../../../lib/data/digital-data-queries";
import { useSession } from "../../../lib/session/use-session";

/** Spec §2: the organize score (health score × 0.8), from the user's last saved scan. */
export function OrganizeScore({ userId }: { userId: number | null }) {
  const query = useDigitalData(userId);
  const session = useSession();
  const data = query.data;
  // The line's room is kept while the session and the user's data load, so the tabs below
  // do not jump down when it arrives (Lighthouse CLS 0.11 on /organize).
  if (session.isLoading || (userId !== null && query.isPending)) return <p aria-hidden className="h-6" />;
  if (!data?.hasScanned) return null;
  return (
    <p data-testid="organize-score" className="text-sm text-muted-foreground">
      Organize score <strong className="text-base text-foreground tabular-nums">{organizeScore(data.healthScore)}</strong> — 80% of your
      Digital Health Score ({data.healthScore})
    </p>
  );
}
