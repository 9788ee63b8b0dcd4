import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueEntry } from '../../protocol/game.ts';
import { adminGet } from './adminHttp.ts';

/** GET /api/admin/queues → players waiting per mode and bet level, zeros included; queueUpdate keeps it live. */
export const fetchQueues = () => adminGet<QueueEntry[]>('/queues');

export const queuesKey = ['admin', 'queues'] as const;

export const queuesQueryOptions = () => queryOptions({ queryKey: queuesKey, queryFn: fetchQueues });

export const useQueues = () => useQuery(queuesQueryOptions());
