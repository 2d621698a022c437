/**
 * TanStack Query with spec §8/§9 cache and retry rules: fresh 5 min, discarded after
 * 5 min unused, no polling, no focus refetch; queries retry up to 3 times unless the
 * error mentions 401/403; mutations up to 2 unless it starts with a 4xx code and colon;
 * delay 1 s doubling, capped at 30 s.
 */
import { QueryClient } from "@tanstack/react-query";

const FIVE_MINUTES = 5 * 60 * 1000;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("401") || message.includes("403")) return false;
  return failureCount < 3;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (/^4\d\d: /.test(message)) return false;
  return failureCount < 2;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
  });
}
