import type { TFunction } from 'i18next';
import type { CarromCoin, CarromColor, CarromFoul, CarromGameView } from '../../../protocol/carrom.ts';
import type { NoticeCause } from './carromStore.ts';

/**
 * The words of the Carrom screen, pure but for the language: the status line, the queen's state, the
 * notices after a shot. Each takes the `t` of the component that shows it (the language shown now).
 */

interface StatusInput {
  running: boolean;
  myId: string;
  opponentName: string;
  /** Who shoots in the shot being played out, if one is. */
  shooterId: string | null;
  myTurn: boolean;
  sending: boolean;
  /** Our turn's time is up: the server is about to pass it. */
  timedOut: boolean;
}

export function statusText(input: StatusInput, t: TFunction): string {
  const { running, myId, opponentName: name, shooterId, myTurn } = input;
  if (shooterId !== null) return shooterId === myId ? t('table.carrom.status.yourShot') : t('table.carrom.status.opponentShoots', { name });
  if (!running) return '';
  if (!myTurn) return t('table.carrom.status.opponentTurn', { name });
  if (input.timedOut) return t('table.carrom.status.timeUp');
  if (input.sending) return t('table.carrom.status.shooting');
  return t('table.carrom.status.yourTurn');
}

export function queenText(game: Pick<CarromGameView, 'queenState' | 'queenPocketedBy'>, myId: string, opponentName: string, t: TFunction): string {
  if (game.queenState !== 'secured') return t('table.carrom.queenState.onBoard');
  return game.queenPocketedBy === myId ? t('table.carrom.queenState.coveredByYou') : t('table.carrom.queenState.coveredBy', { name: opponentName });
}

/** The canvas's accessible name: what is on the board, in words. */
export function boardLabel(coins: readonly CarromCoin[], myColor: CarromColor, t: TFunction): string {
  const left = (type: CarromCoin['type']) => coins.filter((coin) => coin.type === type && !coin.isProcessed).length;
  const queen = left('queen') > 0 ? t('table.carrom.board.queenInPlay') : '';
  return t(`table.carrom.board.${myColor}`, { white: left('white'), black: left('black') }) + queen;
}

/** Each foul told from the shooter's side: the player's own shot, or the opponent's (by name). */
const foulLines: Record<CarromFoul, (name: string, own: boolean, t: TFunction) => string> = {
  'striker-fell': (name, own, t) => (own ? t('table.carrom.notice.yourStrikerFell') : t('table.carrom.notice.opponentStrikerFell', { name })),
  'opponent-last-coin': (name, own, t) =>
    own ? t('table.carrom.notice.youPocketedTheirLast') : t('table.carrom.notice.opponentPocketedYourLast', { name }),
  'own-last-coin-before-queen': (name, own, t) =>
    own ? t('table.carrom.notice.youPocketedOwnLast') : t('table.carrom.notice.opponentPocketedOwnLast', { name }),
};

export interface NoticeText {
  title: string;
  /** A foul: the notice reads as a warning. */
  foul: boolean;
  lines: string[];
}

/** What to tell the players after a shot or a lost turn; null when there is nothing to tell. */
export function noticeText(cause: NoticeCause, myId: string, opponentName: string, t: TFunction): NoticeText | null {
  const name = opponentName;
  if (cause.kind === 'timeout') {
    const own = cause.playerId === myId;
    return {
      title: t('table.carrom.notice.timeUp'),
      foul: false,
      lines: [own ? t('table.carrom.notice.youRanOut') : t('table.carrom.notice.opponentRanOut', { name })],
    };
  }
  const { lastMove, strikerBeenHit } = cause;
  const own = lastMove.playerId === myId;
  const queenDown = lastMove.pocketed.includes('queen');
  const fouled = lastMove.fouls.length > 0;
  const lines: string[] = [];
  for (const foul of lastMove.fouls) lines.push(foulLines[foul](name, own, t));
  const penalty = lastMove.returned.filter((id) => id !== 'queen').length;
  if (fouled && penalty > 0) lines.push(t('table.carrom.notice.coinsBack', { count: penalty }));
  if (queenDown && lastMove.queenCovered) lines.push(own ? t('table.carrom.notice.youCoveredQueen') : t('table.carrom.notice.opponentCoveredQueen', { name }));
  if (queenDown && !lastMove.queenCovered) lines.push(t('table.carrom.notice.queenNotCovered'));
  if (!strikerBeenHit && !fouled) lines.push(own ? t('table.carrom.notice.yourStrikerMissed') : t('table.carrom.notice.opponentStrikerMissed', { name }));
  if (lines.length === 0) return null;
  const title = fouled
    ? t('table.carrom.notice.foul')
    : queenDown && lastMove.queenCovered
      ? t('table.carrom.notice.queenCovered')
      : queenDown
        ? t('table.carrom.notice.queenReturned')
        : t('table.carrom.notice.noCoinHit');
  return { title, foul: fouled, lines };
}
