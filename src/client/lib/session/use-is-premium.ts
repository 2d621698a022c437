import { hasPremiumAccess } from "../../../domain/schemas/auth";
import { useSession } from "./use-session";

/** Pro access per spec §4/§6: active, lifetime or trial; free while the user is unknown. */
export function useIsPremium(): boolean {
  return hasPremiumAccess(useSession().user?.subscriptionStatus);
}
