import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../protocol/growth.ts';
import { get } from './http.ts';

/** GET /api/tasks → {tasks}: each task with its reward, progress, what counts toward it, and whether it is met or claimed. */
export const fetchTasks = () => get<{ tasks: Task[] }>('/tasks');

export const tasksKey = ['tasks'] as const;

export const tasksQueryOptions = () => queryOptions({ queryKey: tasksKey, queryFn: fetchTasks });

export const useTasks = () => useQuery(tasksQueryOptions());
