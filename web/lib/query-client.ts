import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../api/client';

/**
 * The site's query defaults: fresh for 5 minutes, 3 retries, backoff capped at 30 s. The server
 * does not retry: its API is in the same process, and a page that waited 7 s for retries
 * while the database is down would only be a late error page.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: typeof window === 'undefined' ? false : 3,
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
