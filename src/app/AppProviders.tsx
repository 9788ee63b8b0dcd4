import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { isUnauthorized } from '../api/http.ts';
import { useAccountLanguage } from '../i18n/useAccountLanguage.ts';
import { telegramAppearance, telegramPlatform } from '../platform/telegram.ts';
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

/**
 * Everything a page expects above it, shared by the app and the tests: telegram-ui's AppRoot (iOS look
 * on an iPhone's Telegram, the base look elsewhere; light or dark as Telegram's theme or the system
 * says), the query client, and the language following the account.
 */
export function AppProviders({ queryClient, children, sessionRetry }: AppProvidersProps) {
  useAccountLanguage();
  const content = (
    <AppRoot appearance={telegramAppearance()} platform={telegramPlatform() === 'ios' ? 'ios' : 'base'}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppRoot>
  );
  if (!sessionRetry) return content;
  return <SessionRetryContext value={sessionRetry}>{content}</SessionRetryContext>;
}
