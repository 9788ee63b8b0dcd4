import type { BackgammonGameView } from '../protocol/backgammon.ts';
import { blotContracts, type BlotGameView, type BlotTrumpChoice } from '../protocol/blot.ts';
import { CARROM_COIN_RADIUS, CARROM_MAX_PULL, CARROM_MIN_PULL, CARROM_STRIKER_MAX_X, CARROM_STRIKER_MIN_X, CARROM_STRIKER_RADIUS, shotSpeed, type CarromGameView } from '../protocol/carrom.ts';
import type { GameMode } from '../protocol/constants.ts';
import { SEEDING_PHASE } from '../protocol/fairness.ts';
import type { GameViewBase } from '../protocol/game.ts';
import { rpsChoices, type RpsGameView } from '../protocol/rps.ts';
import { placeStriker, POCKETS } from '../rules/carrom/index.ts';

/**
 * What a player does in each game, chosen from the view the server sent, as a person at the app's game
 * screen would: whether the view lets this player act, and a random legal action on it — an RPS choice,
 * a Belote bid, decision or card among the view's `legalCards`, a backgammon turn among the view's
 * `possibleMoves` (the empty turn when there is none, as the app sends it after 2.5 s), a carrom shot
 * aimed at one of the player's coins and a pocket. Pure: the randomness comes in.
 */

export type Random = () => number;

/** An action as the app sends it: the route and its body (with the version it was made on, as the app sends it). */
export interface BotAction {
  /** The endpoint, for the tallies. */
  route: string;
  body: Record<string, unknown>;
}

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)] as T;

export const leaveRoutes: Record<GameMode, string> = {
  rps: '/api/leave-rps-game',
  blot: '/api/leave-belote-game',
  carrom: '/api/leave-carrom-game',
  backgammon: '/api/leave-backgammon-game',
};

/** The routes of each mode's moves (tallied together as the mode's move round trips). */
export const moveRoutes: Record<GameMode, string[]> = {
  rps: ['/api/rps-move'],
  blot: ['/api/blot/trump-decision', '/api/blot/trump-selection', '/api/blot/final-trump-decision', '/api/blot/make-move'],
  carrom: ['/api/make-carrom-move'],
  backgammon: ['/api/move-backgammon-checker'],
};

/**
 * How long a person takes over one action, in ms (each mode's turn timer is 15–25 s): a quick RPS pick,
 * a bid or a card, a backgammon turn of two to four checkers, a carrom aim after watching the last shot.
 */
export const thinkRangeMs: Record<GameMode, [number, number]> = {
  rps: [1000, 5000],
  blot: [1500, 5000],
  backgammon: [2000, 8000],
  carrom: [2000, 7000],
};

export function thinkMs(mode: GameMode, random: Random, scale = 1): number {
  const [low, high] = thinkRangeMs[mode];
  return scale * (low + random() * (high - low));
}

const BLOT_PLAY_PHASES = new Set(['trump-decision', 'trump-selection', 'trump-final-selection', 'in-progress', 'trick-in-progress']);

/** Whether this view lets `me` act now: it is their turn, or (RPS) their choice of the round is open. */
export function mayAct(game: GameViewBase, me: string): boolean {
  if (game.status !== 'in-progress' || game.phase === SEEDING_PHASE) return false;
  switch (game.gameMode) {
    case 'rps':
      return game.phase === 'choose';
    case 'backgammon':
      return game.turn === me && (game.phase === 'move-checker' || game.phase === 'game-start');
    case 'blot':
      return game.turn === me && BLOT_PLAY_PHASES.has(game.phase);
    case 'carrom':
      return game.turn === me && game.phase === 'player-turn';
  }
}

/** When the player may start thinking: a carrom shot's replay is watched first (its turn clock starts after it). */
export function actionOpensAt(game: GameViewBase): number {
  return game.gameMode === 'carrom' && game.timerStartTime !== null ? game.timerStartTime : 0;
}

function rpsAction(game: RpsGameView, random: Random): BotAction {
  return { route: '/api/rps-move', body: { gameId: game._id, choice: pick(rpsChoices, random), round: game.currentRound } };
}

function backgammonAction(game: BackgammonGameView, random: Random): BotAction {
  const moves = game.possibleMoves.length > 0 ? pick(game.possibleMoves, random) : [];
  return { route: '/api/move-backgammon-checker', body: { gameId: game._id, moves, v: game.v } };
}

function blotAction(game: BlotGameView, me: string, random: Random): BotAction {
  const ref = { gameId: game._id, v: game.v };
  switch (game.phase) {
    case 'trump-decision':
      // A person takes a face-up card now and then; most pass it.
      return { route: '/api/blot/trump-decision', body: { ...ref, takeCard: random() < 0.35 } };
    case 'trump-selection': {
      const refused = game.faceUpCardCopy?.suit;
      const choices: BlotTrumpChoice[] = [...blotContracts.filter((contract) => contract !== refused), 'pass', 'pass'];
      return { route: '/api/blot/trump-selection', body: { ...ref, suit: pick(choices, random) } };
    }
    case 'trump-final-selection':
      return { route: '/api/blot/final-trump-decision', body: { ...ref, withCard: random() < 0.5 } };
    default: {
      const hand = game.hands[me] ?? [];
      const legal = hand.filter((card) => game.legalCards.includes(card._id));
      const card = pick(legal.length > 0 ? legal : hand, random);
      const decision = game.combinationDecisionRequired ? { combinationDecision: random() < 0.7 ? 'announce' : 'cancel' } : {};
      return { route: '/api/blot/make-move', body: { ...ref, card: { _id: card._id, value: card.value, suit: card.suit }, ...decision } };
    }
  }
}

const CONTACT = CARROM_COIN_RADIUS + CARROM_STRIKER_RADIUS;

/**
 * A person's carrom shot: one of their coins (or the queen) and a pocket, the striker placed on the
 * baseline where the cut is straightest, aimed at the spot where it must meet the coin, with some
 * wobble and a random pull. No simulation: people do not compute the outcome either.
 */
function carromAction(game: CarromGameView, me: string, random: Random): BotAction {
  const color = game.playerColors[me] ?? 'white';
  const coins = game.boardState.coins;
  const targets = coins.filter((coin) => !coin.isProcessed && (coin.type === color || coin.type === 'queen'));
  const pull = CARROM_MIN_PULL + 5 + random() * (CARROM_MAX_PULL - CARROM_MIN_PULL - 5);
  let strikerPosition = CARROM_STRIKER_MIN_X + random() * (CARROM_STRIKER_MAX_X - CARROM_STRIKER_MIN_X);
  // Straight up the board for white, down for black, when there is nothing to aim at.
  let angle = (color === 'white' ? -1 : 1) * Math.PI * (0.2 + 0.6 * random());
  if (targets.length > 0) {
    const target = pick(targets, random);
    const pocket = pick(POCKETS, random);
    const dx = pocket.x - target.x;
    const dy = pocket.y - target.y;
    const length = Math.hypot(dx, dy) || 1;
    const ghost = { x: target.x - (dx / length) * CONTACT, y: target.y - (dy / length) * CONTACT };
    let straightest = -Infinity;
    for (let x = CARROM_STRIKER_MIN_X; x <= CARROM_STRIKER_MAX_X; x += 10) {
      const spot = placeStriker(coins, color, x);
      const sx = ghost.x - spot.x;
      const sy = ghost.y - spot.y;
      const straightness = (sx * dx + sy * dy) / ((Math.hypot(sx, sy) || 1) * length);
      if (straightness > straightest) {
        straightest = straightness;
        strikerPosition = spot.x;
        angle = Math.atan2(sy, sx) + (random() - 0.5) * 0.06;
      }
    }
  }
  const move = { playerId: me, strikerPosition, angle, hitStrength: pull, speed: shotSpeed(pull) };
  return { route: '/api/make-carrom-move', body: { gameId: game._id, move, v: game.v } };
}

/** A random legal action for `me` on a view where mayAct() holds. */
export function chooseAction(game: GameViewBase, me: string, random: Random): BotAction {
  switch (game.gameMode) {
    case 'rps':
      return rpsAction(game as RpsGameView, random);
    case 'backgammon':
      return backgammonAction(game as BackgammonGameView, random);
    case 'blot':
      return blotAction(game as BlotGameView, me, random);
    case 'carrom':
      return carromAction(game as CarromGameView, me, random);
  }
}
