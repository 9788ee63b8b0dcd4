import type { BlotPlayerAction, BlotTrumpChoice } from '../../protocol/blot.ts';
import { RuleError } from '../game.ts';
import { cancelRound, fixContract, withEvents } from './round.ts';
import type { BlotState } from './state.ts';

/**
 * Bidding, blot.md §4: round 1 Take/Pass on the face-up card (E, then D); round 2 a suit other than
 * the face-up card's, Anxoz, or Pass (E, then D); the chooser then says With Card or Without; both
 * passing twice cancels the round. The caller has checked that `player` is the one to act.
 */

const acted = (state: BlotState, player: string, action: BlotPlayerAction): BlotState => ({
  ...state,
  round: { ...state.round, playerActions: { ...state.round.playerActions, [player]: action } },
});

function expectPhase(state: BlotState, phase: BlotState['phase'], message: string): void {
  if (state.phase !== phase) throw new RuleError('conflict', message);
}

export function trumpDecision(state: BlotState, player: string, take: boolean, now: number): BlotState {
  expectPhase(state, 'trump-decision', 'The face-up card is no longer offered');
  const { elder, dealer, faceUp } = state.round;
  const next = acted(state, player, take ? 'take' : 'pass');
  if (take) return fixContract(withEvents(next, 'face-up-card-taken'), player, faceUp.suit, true, now);
  if (player === elder) return { ...next, turn: dealer, timerStartTime: now };
  return withEvents({ ...next, phase: 'trump-selection', turn: elder, timerStartTime: now }, 'face-up-card-skeeped');
}

export function trumpSelection(state: BlotState, player: string, choice: BlotTrumpChoice, now: number): BlotState {
  expectPhase(state, 'trump-selection', 'Trump is not being chosen now');
  const { elder, dealer, faceUp } = state.round;
  if (choice === faceUp.suit) throw new RuleError('illegal', "The face-up card's suit was refused; choose another suit, anxoz or pass");
  const next = acted(state, player, choice);
  if (choice === 'pass') return player === elder ? { ...next, turn: dealer, timerStartTime: now } : cancelRound(next, now);
  return { ...next, phase: 'trump-final-selection', timerStartTime: now, round: { ...next.round, proposed: choice } };
}

export function finalTrumpDecision(state: BlotState, player: string, withCard: boolean, now: number): BlotState {
  expectPhase(state, 'trump-final-selection', 'There is no trump choice to confirm');
  const contract = state.round.proposed;
  if (contract === null) throw new RuleError('conflict', 'There is no trump choice to confirm');
  return fixContract(acted(state, player, withCard ? 'with-card' : 'without'), player, contract, withCard, now);
}
