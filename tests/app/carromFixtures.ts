import { shotSpeed, type CarromCoin, type CarromColor, type CarromGameView, type CarromShot } from '../../protocol/carrom.ts';
import type { GameUpdate } from '../../protocol/game.ts';
import { coinAt } from '../../rules/carrom/board.ts';
import { carromRules, type CarromState } from '../../rules/carrom/index.ts';
import { bob, commonGameFields, ME, OPPONENT } from './gameFixtures.ts';

/**
 * Carrom: states made by the real rules module (rules/carrom), viewed as the server views them for ME
 * (server/games/views.ts). A test plays shots on them with carromRules.apply, exactly as the server would.
 */

const SEED = 'cd'.repeat(32);

/** A new game: white (the first in the queue) to shoot; ME plays `myColor`. */
export function carromStart({ myColor = 'white', now = Date.now() }: { myColor?: CarromColor; now?: number } = {}): CarromState {
  const players: [string, string] = myColor === 'white' ? [ME, OPPONENT] : [OPPONENT, ME];
  return carromRules.create(players, SEED, now);
}

export interface BoardChanges {
  /** Coins moved to these spots. */
  placed?: Record<string, [number, number]>;
  /** Own coins already in the pockets, per player (they lie in the top-left pocket). */
  down?: Record<string, string[]>;
  /** Who covered the queen, if anyone (it lies in a pocket too). */
  queenBy?: string | null;
  turn?: string;
}

/** The same game with a board of our own. */
export function carromWith(state: CarromState, { placed = {}, down = {}, queenBy = null, turn }: BoardChanges): CarromState {
  const inPockets = [...Object.values(down).flat(), ...(queenBy ? ['queen'] : [])];
  const coins = state.coins.map((coin): CarromCoin => {
    const spot = placed[coin.id];
    if (spot) return coinAt(coin.id, coin.type, spot[0], spot[1]);
    if (inPockets.includes(coin.id)) return { ...coinAt(coin.id, coin.type, 8, 8), isProcessed: true };
    return coin;
  });
  return {
    ...state,
    coins,
    pocketedPieces: { ...state.pocketedPieces, ...down },
    queenState: queenBy ? 'secured' : 'onBoard',
    queenPocketedBy: queenBy,
    turn: turn ?? state.turn,
  };
}

/** A Carrom GameUpdate as the server sends it to ME: the rules' view plus the common fields. */
export function carromUpdate(state: CarromState, game: Partial<CarromGameView> = {}, serverTime = Date.now(), timeoutTriggered = false): GameUpdate<CarromGameView> {
  const view = carromRules.view(state, ME);
  const outcome = carromRules.outcome(state);
  const running = outcome === null;
  const common = commonGameFields('carrom', state.players, outcome, { betAmount: 1, payout: 1.8 }, serverTime);
  const merged: CarromGameView = { ...view, ...common, gameMode: 'carrom', ...game };
  return { game: merged, opponents: [bob], timeoutTriggered, timerStartTime: merged.timerStartTime, firstUpdate: false, TimerMove: null, serverTime };
}

export const carromShot = (playerId: string, strikerPosition: number, angle: number, pull: number): CarromShot => ({
  playerId,
  strikerPosition,
  angle,
  hitStrength: pull,
  speed: shotSpeed(pull),
});

/**
 * From white's baseline along (−0.8, 0.6), a line that passes 0.6 from the bottom-left pocket's centre
 * (tests/rules/carrom-game.test.ts): with the lane empty, pull 30 sends the striker alone into the pocket.
 */
export const strikerFallShot = (playerId: string) => carromShot(playerId, 65, Math.atan2(0.6, -0.8), 30);

/** Along white's baseline to the right, softly: the striker touches nothing. */
export const missShot = (playerId: string) => carromShot(playerId, 150, 0, 20);

/** What the board canvas reports in data-board for these coins (board units, by id). */
export const describedBoard = (coins: readonly CarromCoin[]) =>
  coins
    .filter((coin) => !coin.isProcessed)
    .map((coin) => `${coin.id}:${coin.x.toFixed(2)},${coin.y.toFixed(2)}`)
    .sort()
    .join(';');
