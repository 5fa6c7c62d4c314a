import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../api/client';

/** TanStack Query defaults of spec section 9: 5 minutes, 3 retries, backoff capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;
let browserApi: ReturnType<typeof createApiClient> | undefined;

/** The browser's single query client and API client (never used to fetch during SSR). */
export function browserClients() {
  browserQueryClient ??= createQueryClient();
  browserApi ??= createApiClient();
  return { queryClient: browserQueryClient, api: browserApi };
}
