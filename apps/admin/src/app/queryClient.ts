import { QueryClient } from '@tanstack/react-query';

/**
 * Server data lives here. Operators act on fresh numbers: a short stale time, a refetch when the
 * window regains focus, and no silent retries (the request helper has already said what failed).
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

export const queryClient = makeQueryClient();
