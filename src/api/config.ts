import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './http.ts';

/** GET /api/config: public settings the app adapts to. */
export interface AppConfig {
  /** Set when the server has a bot: the login page shows the Telegram Login Widget. */
  botUsername: string | null;
  /** The 'Chat with Support' link; null hides it. */
  supportUrl: string | null;
  /** Which chain the wallet runs on; the devchain lets the deposit page simulate an incoming transfer. */
  chain: 'devchain' | 'tron';
}

export const fetchAppConfig = () => get<AppConfig>('/config');

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'] as const, queryFn: fetchAppConfig, staleTime: Infinity, retry: 1 });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
