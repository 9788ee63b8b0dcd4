import type { ClaimRewardsAnswer } from '../../protocol/growth.ts';
import { post } from './http.ts';

/** POST /api/claim-rewards → {totalRewards, newBalance}: every pending referral reward moves to the balance. */
export const claimRewards = () => post<ClaimRewardsAnswer>('/claim-rewards');
