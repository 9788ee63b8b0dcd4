import type { CarromCoin, CarromColor, CarromFoul, CarromGameView } from '../../../protocol/carrom.ts';
import type { NoticeCause } from './carromStore.ts';

/** The words of the Carrom screen, pure: the status line, the queen's state, the notices after a shot. */

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

export function statusText(input: StatusInput): string {
  const { running, myId, opponentName, shooterId, myTurn } = input;
  if (shooterId !== null) return shooterId === myId ? 'Your shot...' : `${opponentName} shoots...`;
  if (!running) return '';
  if (!myTurn) return `${opponentName}'s turn`;
  if (input.timedOut) return "Time's up";
  if (input.sending) return 'Shooting...';
  return 'Your turn: drag back from the striker';
}

export function queenText(game: Pick<CarromGameView, 'queenState' | 'queenPocketedBy'>, myId: string, opponentName: string): string {
  if (game.queenState !== 'secured') return 'Queen on the board';
  return game.queenPocketedBy === myId ? 'Queen covered by you' : `Queen covered by ${opponentName}`;
}

/** The canvas's accessible name: what is on the board, in words. */
export function boardLabel(coins: readonly CarromCoin[], myColor: CarromColor): string {
  const left = (type: CarromCoin['type']) => coins.filter((coin) => coin.type === type && !coin.isProcessed).length;
  const queen = left('queen') > 0 ? ', the queen in play' : '';
  return `Carrom board, your ${myColor} baseline at the bottom: ${left('white')} white and ${left('black')} black coins on the board${queen}`;
}

const foulLines: Record<CarromFoul, (who: string, own: boolean) => string> = {
  'striker-fell': (who, own) => `${own ? 'Your' : `${who}'s`} striker fell into a pocket`,
  'opponent-last-coin': (who) => `${who} pocketed the opponent's last coin`,
  'own-last-coin-before-queen': (who, own) => `${who} pocketed ${own ? 'your' : 'their'} last coin before the queen was covered`,
};

export interface NoticeText {
  title: string;
  lines: string[];
}

/** What to tell the players after a shot or a lost turn; null when there is nothing to tell. */
export function noticeText(cause: NoticeCause, myId: string, opponentName: string): NoticeText | null {
  if (cause.kind === 'timeout') {
    const own = cause.playerId === myId;
    return { title: "Time's up", lines: [own ? 'You ran out of time: the turn passes' : `${opponentName} ran out of time: your turn`] };
  }
  const { lastMove, strikerBeenHit } = cause;
  const own = lastMove.playerId === myId;
  const who = own ? 'You' : opponentName;
  const queenDown = lastMove.pocketed.includes('queen');
  const lines: string[] = [];
  for (const foul of lastMove.fouls) lines.push(foulLines[foul](who, own));
  const penalty = lastMove.returned.filter((id) => id !== 'queen').length;
  if (lastMove.fouls.length > 0 && penalty > 0) lines.push(penalty === 1 ? 'A pocketed coin goes back to the centre' : `${penalty} coins go back to the centre`);
  if (queenDown && lastMove.queenCovered) lines.push(`${who} covered the queen`);
  if (queenDown && !lastMove.queenCovered) lines.push('The queen was not covered: back to the centre');
  if (!strikerBeenHit && lastMove.fouls.length === 0) lines.push(`${own ? 'Your' : `${who}'s`} striker hit nothing: the turn passes`);
  if (lines.length === 0) return null;
  const title =
    lastMove.fouls.length > 0 ? 'Foul!' : queenDown && lastMove.queenCovered ? 'Queen covered!' : queenDown ? 'Queen returned' : 'No coin hit';
  return { title, lines };
}
