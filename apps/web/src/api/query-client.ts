import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api-error';

/** Client errors (4xx) are final; connection and server errors are retried twice. */
function retry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
