/** GET /api/stripe/config: the publishable key the Payment Element loads with. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export interface StripeConfig {
  publishableKey: string | null;
  paymentsEnabled: boolean;
}

export function getStripeConfig(signal?: AbortSignal): Promise<StripeConfig> {
  return apiRequest<StripeConfig>("GET", "/api/stripe/config", undefined, signal ? { signal } : {});
}

export function getStripeConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.subscribe.stripeConfig,
    queryFn: ({ signal }) => getStripeConfig(signal),
    staleTime: Infinity,
  });
}

export function useStripeConfig() {
  return useQuery(getStripeConfigQueryOptions());
}
