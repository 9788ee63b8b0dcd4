import { z } from 'zod';
import { validationText } from './errors.ts';

/** Friends, referrals, tasks and the affiliate program on the wire (spec §2, §3, §5, §6). */

/** Spec §9: a friend's wins earn their inviter this share of the net win; affiliates up to 10 %. */
export const REFERRAL_PERCENT = 3.5;
export const AFFILIATE_MAX_PERCENT = 10;

/** Spec §3 Friend. `earnings`: what this friend's wins have brought the player, in USDT. */
export interface Friend {
  _id: string;
  username: string;
  avatarUrl: string | null;
  earnings: number;
  /** Counts toward Invite 20 friends: deposited enough and finished a paid game against someone else. */
  qualified: boolean;
}

export interface FriendsAnswer {
  friends: Friend[];
  /** Pending referral rewards, claimable. */
  totalRewards: number;
  /** One line: what makes a friend count. */
  qualifyRule: string;
}

export interface ClaimRewardsAnswer {
  totalRewards: number;
  newBalance: number;
}

export const taskConditions = ['invite_20_friends', 'win_100_games'] as const;
export type TaskCondition = (typeof taskConditions)[number];

export const taskTargets: Record<TaskCondition, number> = { invite_20_friends: 20, win_100_games: 100 };
export const taskNames: Record<TaskCondition, string> = { invite_20_friends: 'Invite 20 friends', win_100_games: 'Win 100 games' };

/** Spec §3 Task, plus the progress the list shows (7/20 friends). */
export interface Task {
  _id: TaskCondition;
  name: string;
  condition: TaskCondition;
  reward: number;
  completed: boolean;
  conditionMet: boolean;
  progress: { current: number; target: number };
  /** One line: what counts toward the progress. */
  rule: string;
}

/** What counts toward each task, in the player's words (the deposit amount comes from the server). */
export const taskRules = {
  invite_20_friends: (depositUsdt: number) =>
    `A friend counts once they have deposited ${depositUsdt} USDT and finished a paid game against someone other than you.`,
  win_100_games: () => 'Only wins in paid games that end by play count: not free games, not games your opponent left or timed out of.',
} satisfies Record<TaskCondition, (depositUsdt: number) => string>;

export const claimTaskBody = z.object({ taskId: z.enum(taskConditions, { error: 'Unknown task' }) });
export type ClaimTaskBody = z.input<typeof claimTaskBody>;

export interface ClaimTaskAnswer {
  newBalance: number;
  reward: number;
}

export const growthText = {
  noRewards: 'There are no rewards to claim',
  taskNotMet: 'The task is not completed yet',
  taskClaimed: 'This reward has already been claimed',
  channelRequired: 'Channel name is required',
  notesTooLong: 'Notes must be at most 200 characters',
  requestOpen: 'Your request is already being reviewed',
  affiliateFailed: 'Failed to submit your request.',
  affiliateError: 'Error submitting the request. Please try again later.',
  linkCopied: 'Link Copied',
  copyFailed: 'Could not copy text',
} as const;

export const AFFILIATE_NOTES_MAX = 200;

/** Spec §5: channel name and email required, notes optional and at most 200 characters. */
export const affiliateRequestBody = z.object({
  channelName: z.string({ error: growthText.channelRequired }).trim().min(1, growthText.channelRequired).max(120),
  email: z
    .string({ error: validationText.emailRequired })
    .trim()
    .min(1, validationText.emailRequired)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, validationText.emailInvalid),
  additionalNotes: z.string().max(AFFILIATE_NOTES_MAX, growthText.notesTooLong).optional().default(''),
});
export type AffiliateRequestBody = z.input<typeof affiliateRequestBody>;

/** Operators: make a player an affiliate (or not) at up to 10 %. */
export const affiliateSettingBody = z.object({
  isAffiliate: z.boolean(),
  affiliatePercentage: z
    .number()
    .min(0, 'The percentage must be between 0 and 10')
    .max(AFFILIATE_MAX_PERCENT, 'The percentage must be between 0 and 10')
    .refine((v) => Math.round(v * 100) / 100 === v, 'At most two decimals'),
});
