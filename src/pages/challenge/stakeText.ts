import type { TFunction } from 'i18next';
import { formatBet, formatMoney } from '../../i18n/format.ts';

/** A challenge's stake in the player's words: "$1 each, the winner takes $1.80", or a free game. */
export function stakeText(t: TFunction, bet: number, payout: number): string {
  return bet === 0 ? t('challenge.free') : t('challenge.staked', { bet: formatBet(bet), payout: formatMoney(payout) });
}
