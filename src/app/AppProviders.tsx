import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isUnauthorized } from '../api/http.ts';
import { SessionRetryContext, type SessionRetry } from './sessionCheck.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One more try for a flaky network; a 401 will not get better by asking again.
        retry: (failures, error) => failures < 1 && !isUnauthorized(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests shorten the session check's 1.5 s retry delay. */
  sessionRetry?: SessionRetry;
}

/** Everything a page expects above it, shared by the app and the tests. */
export function AppProviders({ queryClient, children, sessionRetry }: AppProvidersProps) {
  const content = <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  if (!sessionRetry) return content;
  return <SessionRetryContext value={sessionRetry}>{content}</SessionRetryContext>;
}
