import type { GameMode } from '../protocol/constants.ts';
import { errorText } from '../protocol/errors.ts';
import type { RiskSignal, WithdrawalStatus } from '../protocol/integrity.ts';
import { formatBalance } from '../protocol/money.ts';

/** Game names as the back office shows them (spec §2: RPS reads Rock-Paper-Scissors). */
export const adminGameNames: Record<GameMode, string> = {
  blot: 'Blot',
  rps: 'Rock-Paper-Scissors',
  carrom: 'Carrom',
  backgammon: 'Backgammon',
};

/** The dashboard's queue cards, in the spec's order, with their short titles. */
export const queueCards: readonly { mode: GameMode; title: string }[] = [
  { mode: 'blot', title: 'Blot' },
  { mode: 'rps', title: 'RPS' },
  { mode: 'carrom', title: 'Carrom' },
  { mode: 'backgammon', title: 'Backgammon' },
];

export const formatUsdt = (amount: number): string => `$${formatBalance(amount).text}`;

/** A stake: Free for 0, dollars otherwise. */
export const formatBet = (amount: number): string => (amount === 0 ? 'Free' : formatUsdt(amount));

/** A chain balance not read yet (null) is not zero. */
export const formatChainBalance = (amount: number | null, unit: string): string =>
  amount === null ? '—' : `${formatBalance(amount).text} ${unit}`;

/** Seconds as mm:ss (minutes keep counting past an hour). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.floor(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A server instant as YYYY-MM-DD HH:mm (local), like the pickers; unparseable reads 'Invalid Date' (spec §8). */
export function formatAdminDate(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  if (!value || Number.isNaN(date.getTime())) return errorText.invalidDate;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A count with its noun: '1 game', '3 games'. */
export const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** A gain or a loss: +$1.50, -$1.50, $0.00. */
export function formatSignedUsdt(amount: number): string {
  const text = formatUsdt(Math.abs(amount));
  if (text === '$0.00') return text;
  return amount < 0 ? `-${text}` : `+${text}`;
}

/** Withdrawal statuses as the review page's filter reads them. */
export const withdrawalStatusNames: Record<WithdrawalStatus, string> = {
  review: 'In review',
  pending: 'Pending',
  sending: 'Sending',
  completed: 'Completed',
  failed: 'Failed',
  rejected: 'Rejected',
};

/** What two linked accounts share. */
export const riskSignalNames: Record<RiskSignal, string> = {
  device: 'Device',
  ip: 'IP',
  address: 'Withdrawal address',
  invite: 'Invite',
};
