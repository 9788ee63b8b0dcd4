import { z } from 'zod';
import { adminPage } from './admin.ts';
import type { GameMode } from './constants.ts';

/**
 * Integrity on the wire: the device id the app sends, the answer a frozen account gets, and the
 * operators' risk flags, user risk view, freeze and withdrawal review (additions to spec §7).
 */

export { DEVICE_ID_HEADER, deviceIdPattern } from './device.ts';

export const integrityText = {
  frozen: 'Your account is under review. Please contact support.',
  badDeviceId: 'Invalid device id',
  unknownFlag: 'Unknown flag',
  flagDismissed: 'This flag was already dismissed',
  unknownWithdrawal: 'Unknown withdrawal',
  withdrawalDecided: 'This withdrawal was already decided',
  reasonRequired: 'A reason is required',
  accountFrozen: 'The account is frozen: unfreeze it before approving its withdrawal',
  noteRequired: 'A note is required',
} as const;

export const riskFlagKinds = ['pair-repeat', 'leave-dump', 'shared-device', 'shared-ip', 'shared-address', 'reward-farm'] as const;
export type RiskFlagKind = (typeof riskFlagKinds)[number];

/** One line per kind, for the back office. */
export const riskFlagLabels: Record<RiskFlagKind, string> = {
  'pair-repeat': 'Same two accounts, 3+ paid games in 24 h',
  'leave-dump': 'Left 2+ paid games to the same opponent in 24 h',
  'shared-device': 'Paying accounts on one device',
  'shared-ip': 'Opponents on one IP',
  'shared-address': 'One withdrawal address, several accounts',
  'reward-farm': 'Inviter with 5+ linked invited accounts',
};

export const riskFlagStatuses = ['open', 'dismissed'] as const;
export type RiskFlagStatus = (typeof riskFlagStatuses)[number];


export const riskFlagsQuery = z.object({
  kind: z.enum(riskFlagKinds, { error: 'Unknown flag kind' }).optional(),
  status: z.enum(riskFlagStatuses, { error: 'status must be open or dismissed' }).default('open'),
  page: adminPage,
});
export type RiskFlagsQuery = z.input<typeof riskFlagsQuery>;

export interface RiskFlag {
  _id: string;
  kind: RiskFlagKind;
  userIds: string[];
  nicknames: string[];
  /** How strong the signal was at its strongest: games, shared devices or IPs, accounts. */
  count: number;
  firstAt: string;
  lastAt: string;
  /** What was seen: the games, the shared devices, IPs or address. */
  detail: RiskFlagDetail;
  status: RiskFlagStatus;
}

export interface RiskFlagDetail {
  gameIds?: string[];
  leaverId?: string;
  deviceIds?: string[];
  ips?: string[];
  address?: string;
  inviterId?: string;
  dismissNote?: string;
}

export interface RiskFlagsAnswer {
  flags: RiskFlag[];
  totalFlags: number;
}

export const dismissFlagBody = z.object({
  note: z.string({ error: integrityText.noteRequired }).trim().min(1, integrityText.noteRequired).max(500),
});
export type DismissFlagBody = z.input<typeof dismissFlagBody>;

export const freezeBody = z
  .object({
    frozen: z.boolean({ error: 'frozen must be true or false' }),
    reason: z.string().trim().max(500).optional().default(''),
  })
  .refine((body) => !body.frozen || body.reason.length > 0, { message: integrityText.reasonRequired, path: ['reason'] });
export type FreezeBody = z.input<typeof freezeBody>;

export interface FreezeAnswer {
  frozen: boolean;
  reason: string | null;
  frozenAt: string | null;
}

export type RiskSignal = 'device' | 'ip' | 'address' | 'invite';

/** GET /api/admin/users/{id}/risk. */
export interface UserRiskAnswer {
  user: {
    _id: string;
    username: string;
    nickname: string;
    balance: number;
    invitedBy: string | null;
    telegramId: number | null;
    savedAddress: string | null;
    createdAt: string;
    frozen: boolean;
    frozenReason: string | null;
    frozenAt: string | null;
  };
  /** What the account's session starts were seen from (90 days). */
  ips: { ip: string; sessions: number; lastAt: string }[];
  devices: { deviceId: string; sessions: number; lastAt: string }[];
  /** Other accounts that share any of this one's signals. */
  linkedAccounts: { _id: string; nickname: string; signals: RiskSignal[] }[];
  flags: RiskFlag[];
  headToHead: { opponentId: string; nickname: string; games: number; wins: number; losses: number; leftByUser: number; leftByOpponent: number; netUsdt: number }[];
  games: { gameId: string; gameMode: GameMode; betAmount: number; result: 'win' | 'lose'; endReason: string | null; opponentId: string | null; opponentNickname: string; date: string }[];
}

export const withdrawalStatuses = ['review', 'pending', 'sending', 'completed', 'failed', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const adminWithdrawalsQuery = z.object({
  status: z.enum(withdrawalStatuses, { error: 'Unknown withdrawal status' }).default('review'),
  page: adminPage,
});
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuery>;

export interface AdminWithdrawalRow {
  _id: string;
  userId: string;
  nickname: string;
  /** What was taken from the balance; the chain gets amount − fee. */
  amount: number;
  fee: number;
  toAddress: string;
  status: WithdrawalStatus;
  createdAt: string;
  /** The operator's reason when rejected. */
  reviewReason: string | null;
  /** Why it waited for review: its amount, an open flag, a frozen account, a win from a tied account. */
  heldFor: string | null;
  /** Pending because the hot wallet could not cover it (since then): it goes out once the treasury funds the hot wallet. */
  waitingForFundsSince: string | null;
  /** The player's risk at a glance: open flags by kind, frozen or not, accounts linked to them. */
  risk: { frozen: boolean; openFlags: RiskFlagKind[]; linkedAccounts: number };
}

export interface AdminWithdrawalsAnswer {
  withdrawals: AdminWithdrawalRow[];
  totalWithdrawals: number;
}

export const rejectWithdrawalBody = z.object({
  reason: z.string({ error: integrityText.reasonRequired }).trim().min(1, integrityText.reasonRequired).max(500),
});
export type RejectWithdrawalBody = z.input<typeof rejectWithdrawalBody>;

export interface DecideWithdrawalAnswer {
  _id: string;
  status: WithdrawalStatus;
}
