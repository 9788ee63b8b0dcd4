import type { TFunction } from 'i18next';
import type { BackgammonColor, BackgammonGameView } from '../../../protocol/backgammon.ts';
import type { AnimationFrame } from './backgammonStore.ts';
import { otherColor } from '../../../rules/backgammon/board.ts';
import { diceOf } from '../../../rules/backgammon/steps.ts';
import type { ShownDice } from './BoardDice.tsx';

/** Which of `values` the pending steps have used: those not among the dice left (stepOptions' diceLeft). */
export function usedDice(values: readonly number[], diceLeft: readonly number[]): boolean[] {
  const usedOf = new Map<number, number>();
  for (const value of values) usedOf.set(value, (usedOf.get(value) ?? 0) + 1);
  for (const value of diceLeft) usedOf.set(value, (usedOf.get(value) ?? 0) - 1);
  // A double greys out from its first die on.
  return values.map((value) => {
    const used = usedOf.get(value) ?? 0;
    if (used <= 0) return false;
    usedOf.set(value, used - 1);
    return true;
  });
}

// A throw shows as the dice it plays (diceOf): doubles are played four times, so they show as four dice.

interface DiceInput {
  game: BackgammonGameView;
  frame: AnimationFrame | null;
  myId: string;
  myColor: BackgammonColor;
  running: boolean;
  /** On our turn: the dice the pending steps have not used yet. */
  diceLeft: readonly number[] | null;
}

/** The dice on the board: the opening throw, a replayed turn's dice, or the turn's own on its player's side. */
export function shownDice({ game, frame, myId, myColor, running, diceLeft }: DiceInput): { mine: ShownDice | null; opponent: ShownDice | null } {
  if (frame?.kind === 'opening') {
    const roll = game.openingRolls.at(-1);
    if (!roll) return { mine: null, opponent: null };
    return {
      mine: { values: [roll[myColor]], rolling: true, rollKey: 'opening' },
      opponent: { values: [roll[otherColor(myColor)]], rolling: true, rollKey: 'opening' },
    };
  }
  if (frame?.kind === 'replay') {
    const dice: ShownDice = { values: diceOf(frame.dice), rolling: false, rollKey: `replay-${game.turnNumber}` };
    return frame.playerId === myId ? { mine: dice, opponent: null } : { mine: null, opponent: dice };
  }
  if (!running || game.turn === null) return { mine: null, opponent: null };
  const values = diceOf(game.dice);
  const dice: ShownDice = {
    values,
    rolling: frame?.kind === 'roll',
    rollKey: `turn-${game.turnNumber}`,
    ...(diceLeft ? { used: usedDice(values, diceLeft) } : {}),
  };
  return game.turn === myId ? { mine: dice, opponent: null } : { mine: null, opponent: dice };
}

interface StatusInput {
  game: BackgammonGameView;
  frame: AnimationFrame | null;
  myId: string;
  opponentName: string;
  running: boolean;
  myTurn: boolean;
  noLegalMove: boolean;
  sending: boolean;
  pending: number;
  complete: boolean;
  selected: boolean;
}

/** The line between the board and the player: what is happening, and what the player may do. */
export function statusText(t: TFunction, input: StatusInput): string {
  const { game, frame, myId, opponentName: name, running, myTurn } = input;
  if (!running) return '';
  if (frame?.kind === 'opening') return t('backgammon.status.opening');
  if (frame?.kind === 'replay') return frame.playerId === myId ? t('backgammon.status.playedForMe') : t('backgammon.status.theirMove', { name });
  if (frame?.kind === 'roll') return t('backgammon.status.rolling');
  if (!myTurn) return game.phase === 'game-start' ? t('backgammon.status.theyStart', { name }) : t('backgammon.status.theirTurn', { name });
  if (input.noLegalMove) return t('backgammon.status.noLegalMove');
  if (input.sending) return t('backgammon.status.sending');
  if (input.complete && input.pending > 0) return t('backgammon.status.confirmOrVoid');
  if (input.selected) return t('backgammon.status.tapTarget');
  if (input.pending > 0) return t('backgammon.status.tapNext');
  return game.phase === 'game-start' ? t('backgammon.status.iStart') : t('backgammon.status.myMove');
}
