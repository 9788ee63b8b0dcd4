import { proxy, ref } from 'valtio';
import { BACKGAMMON_OPENING_ROLL_MS, type BackgammonGameView, type BackgammonStep } from '../../../protocol/backgammon.ts';
import type { StepOptions } from '../../../rules/backgammon/index.ts';
import { backgammonMove } from '../../api/backgammonMove.ts';
import { receiveGameUpdate, reloadIfBehind } from '../../app/liveGame.ts';
import { replayFramesOf, slotIdsOf, type SlotIds } from './boardModel.ts';

/** A checker's slide (CSS transition) when it moves. */
export const CHECKER_MOVE_MS = 350;
/** A replayed step: its slide plus a beat to see where it went. */
export const REPLAY_STEP_MS = 550;
/** The board as it was before the replayed turn, shown briefly before its first step. */
export const REPLAY_LEAD_MS = 200;
/** The dice of a new turn tumbling (the client's 'roll-dice' phase, protocol/backgammon.ts). */
export const DICE_ROLL_MS = 700;

/** What the screen shows while it animates; taps are ignored until the last frame is over. */
export type AnimationFrame =
  | { kind: 'opening'; ms: number }
  | { kind: 'replay'; slots: SlotIds; moving: readonly string[]; playerId: string; dice: readonly [number, number]; ms: number }
  | { kind: 'roll'; ms: number };

export interface BackgammonScreenState {
  /** The game version this state belongs to; until sync() has seen a new one, the screen waits for it. */
  v: number | null;
  /** Steps tapped this turn and not yet sent: drawn on the board, voided or confirmed. */
  pending: BackgammonStep[];
  /** The slot whose top checker is picked up, waiting for a target. */
  selected: number | null;
  /** A move is on its way to the server. */
  sending: boolean;
  animation: { id: number; frames: readonly AnimationFrame[]; index: number } | null;
}

interface Seen {
  v: number;
  turnNumber: number;
  records: number;
  phase: string;
}

const isRunning = (game: BackgammonGameView) => game.status === 'in-progress' && game.phase !== 'game-canceled' && game.phase !== 'game-completed';

/**
 * The Backgammon screen's own state (lila's round `ctrl`): the move being built, and the animations
 * that play between server updates. The game itself stays in the live game store; legality comes from
 * rules/backgammon's stepOptions, which the screen computes from both and hands to `tap`.
 */
export function createBackgammonStore() {
  const state = proxy<BackgammonScreenState>({ v: null, pending: [], selected: null, sending: false, animation: null });
  let seen: Seen | null = null;
  let animations = 0;

  const clearMove = () => {
    state.pending = [];
    state.selected = null;
  };

  /**
   * A new version of the game arrived. The move being built belonged to the old one. What changed is
   * played out: the opening roll, a turn someone else played on this board (the opponent's, or ours
   * played by the server at the deadline) replayed step by step, then the next turn's dice tumbling.
   */
  function sync(game: BackgammonGameView, myId: string): void {
    if (seen?.v === game.v) return;
    const before = seen;
    seen = { v: game.v, turnNumber: game.turnNumber, records: game.moveHistory.length, phase: game.phase };
    clearMove();
    const frames: AnimationFrame[] = [];
    if (game.phase === 'game-start' && before?.phase !== 'game-start') frames.push({ kind: 'opening', ms: BACKGAMMON_OPENING_ROLL_MS });
    const record = game.moveHistory.at(-1);
    const newRecord = before !== null && record !== undefined && game.moveHistory.length > before.records;
    if (newRecord && record.moves.length > 0 && (record.playerId !== myId || record.autoPlayed)) {
      const replay = replayFramesOf(slotIdsOf(game.board), record);
      replay?.forEach(({ slots, moving }, index) =>
        frames.push({ kind: 'replay', slots, moving, playerId: record.playerId, dice: record.dice, ms: index === 0 ? REPLAY_LEAD_MS : REPLAY_STEP_MS }),
      );
    }
    if (before !== null && game.turnNumber !== before.turnNumber && isRunning(game)) frames.push({ kind: 'roll', ms: DICE_ROLL_MS });
    animations += 1;
    state.animation = frames.length > 0 ? { id: animations, frames: ref(frames), index: 0 } : null;
    state.v = game.v;
  }

  /** The current frame has had its time. */
  function advance(): void {
    const animation = state.animation;
    if (!animation) return;
    if (animation.index + 1 < animation.frames.length) animation.index += 1;
    else state.animation = null;
  }

  /**
   * A tap on a slot while it is our turn: pick up the top checker of a slot the rules let move next, or
   * put the picked-up checker on one of its targets as a pending step. Where two dice reach the same
   * target (bearing off), the smaller one is used: it leaves the larger, which can do more, for later.
   */
  function tap(point: number, options: StepOptions | null): void {
    if (!options || state.sending) return;
    const from = state.selected;
    if (from !== null && from !== point) {
      const steps = options.next.filter((step) => step.currentPoint === from && step.targetPoint === point);
      const step = steps.reduce<BackgammonStep | null>((best, s) => (best === null || s.diceUsed < best.diceUsed ? s : best), null);
      if (step) {
        state.pending.push({ currentPoint: step.currentPoint, targetPoint: step.targetPoint, diceUsed: step.diceUsed });
        state.selected = null;
        return;
      }
    }
    state.selected = from !== point && options.next.some((step) => step.currentPoint === point) ? point : null;
  }

  async function send(game: BackgammonGameView, moves: BackgammonStep[]): Promise<void> {
    if (state.sending) return;
    state.sending = true;
    state.selected = null;
    try {
      receiveGameUpdate(await backgammonMove({ gameId: game._id, moves, v: game.v }));
    } catch (error) {
      // Spec §8: logged only. A refusal means our copy of the game is behind, a lost answer that it may be.
      console.error('Failed to make a move.', error);
      clearMove();
      reloadIfBehind(error, [409, 422]);
    } finally {
      state.sending = false;
    }
  }

  return {
    state,
    sync,
    advance,
    tap,
    /** 'Void': the pending steps are taken back. */
    voidMoves: clearMove,
    /** 'Confirm': the pending steps, which the rules call complete, go to the server as the turn. */
    confirm: (game: BackgammonGameView) => send(game, state.pending.map((step) => ({ ...step }))),
    /** No legal move this turn: the empty move. */
    pass: (game: BackgammonGameView) => send(game, []),
  };
}

export type BackgammonStore = ReturnType<typeof createBackgammonStore>;
