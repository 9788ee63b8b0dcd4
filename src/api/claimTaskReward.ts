import type { ClaimTaskAnswer, ClaimTaskBody } from '../../protocol/growth.ts';
import { post } from './http.ts';

/** POST /api/claim-task-reward {taskId} → {newBalance, reward}; paid once per task. */
export const claimTaskReward = (body: ClaimTaskBody) => post<ClaimTaskAnswer>('/claim-task-reward', body);
