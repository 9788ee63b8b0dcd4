import {
  RPS_REVEAL_MS,
  RPS_ROUNDS_TO_WIN,
  RPS_TURN_MS,
  rpsChoices,
  type RpsChoice,
  type RpsGameView,
  type RpsPhase,
  type RpsRoundResult,
} from '../../protocol/rps.ts';
import type { EndReason } from '../../protocol/game.ts';
import { RuleError, type GameRules, type Outcome, type RulesView } from '../game.ts';
import { createRng, pick, type Rng } from '../random.ts';

/** Rock Paper Scissors, as ../shared/rules/rps.md: first to three round wins. */

/** Auto-picked this many rounds in a row (and the opponent not), a player forfeits (DESIGN.md §5). */
export const RPS_AUTO_PICKS_TO_FORFEIT = 3;

export interface RpsState {
  players: [string, string];
  rng: Rng;
  phase: 'choose' | 'round-completed' | 'game-completed';
  currentRound: number;
  /** This round's locked choices; secret from the opponent until `revealed`. */
  choices: Record<string, RpsChoice | null>;
  /** The current round has been resolved, so its choices may be shown to both. */
  revealed: boolean;
  roundResults: RpsRoundResult[];
  wins: Record<string, number>;
  /** Rounds in a row each player was auto-picked. */
  autoStreak: Record<string, number>;
  timerStartTime: number;
  deadlineAt: number | null;
  winnerId: string | null;
  loserId: string | null;
  endReason: EndReason;
}

export interface RpsMove {
  choice: RpsChoice;
  /** The round the player chose in; a choice for an earlier round is refused. */
  round?: number | undefined;
}

/** What the rules add to the common view: the RPS fields of the wire view. */
export type RpsRulesView = RulesView &
  Pick<RpsGameView, 'phase' | 'phases' | 'currentRound' | 'choices' | 'chosen' | 'roundResults' | 'wins' | 'deadlineAt'>;

const beats: Record<RpsChoice, RpsChoice> = { rock: 'scissors', scissors: 'paper', paper: 'rock' };

/** The round's winner, or null for a tie. */
export function roundWinner(a: RpsChoice, b: RpsChoice): 'a' | 'b' | null {
  if (a === b) return null;
  return beats[a] === b ? 'a' : 'b';
}

const opponentOf = (state: RpsState, playerId: string): string => {
  const [first, second] = state.players;
  return playerId === first ? second : first;
};

const perPlayer = <T>(state: RpsState, value: (playerId: string) => T): Record<string, T> =>
  Object.fromEntries(state.players.map((id) => [id, value(id)]));

function finish(state: RpsState, winnerId: string, endReason: EndReason): RpsState {
  return { ...state, phase: 'game-completed', deadlineAt: null, winnerId, loserId: opponentOf(state, winnerId), endReason };
}

/** Both choices are in (some maybe auto-picked): reveal, score, and end the match or pause for the reveal. */
function resolveRound(state: RpsState, autoPicked: Record<string, boolean>, now: number): RpsState {
  const [a, b] = state.players;
  const choiceA = state.choices[a] as RpsChoice;
  const choiceB = state.choices[b] as RpsChoice;
  const side = roundWinner(choiceA, choiceB);
  const winnerId = side === 'a' ? a : side === 'b' ? b : null;
  const wins = winnerId ? { ...state.wins, [winnerId]: (state.wins[winnerId] ?? 0) + 1 } : state.wins;
  const autoStreak = perPlayer(state, (id) => (autoPicked[id] ? (state.autoStreak[id] ?? 0) + 1 : 0));
  const result: RpsRoundResult = {
    roundNumber: state.currentRound,
    winnerId,
    choices: { [a]: choiceA, [b]: choiceB },
    autoPicked: perPlayer(state, (id) => autoPicked[id] ?? false),
  };
  const next: RpsState = {
    ...state,
    phase: 'round-completed',
    revealed: true,
    roundResults: [...state.roundResults, result],
    wins,
    autoStreak,
    timerStartTime: now,
    deadlineAt: now + RPS_REVEAL_MS,
  };
  if (winnerId && (wins[winnerId] ?? 0) >= RPS_ROUNDS_TO_WIN) return finish(next, winnerId, null);
  const idle = state.players.filter((id) => (autoStreak[id] ?? 0) >= RPS_AUTO_PICKS_TO_FORFEIT);
  if (idle.length === 1) return finish(next, opponentOf(state, idle[0] as string), 'timeout');
  return next;
}

function startRound(state: RpsState, now: number): RpsState {
  return {
    ...state,
    phase: 'choose',
    currentRound: state.currentRound + 1,
    choices: perPlayer(state, () => null),
    revealed: false,
    timerStartTime: now,
    deadlineAt: now + RPS_TURN_MS,
  };
}

function phaseOf(state: RpsState, playerId: string): RpsPhase {
  if (state.phase === 'choose') return state.choices[playerId] ? 'waiting-for-opponent' : 'choose';
  return state.phase;
}

export const rpsRules: GameRules<RpsState, RpsMove, RpsRulesView> = {
  mode: 'rps',

  create(players, seed, now) {
    const base: RpsState = {
      players: [players[0], players[1]],
      rng: createRng(seed),
      phase: 'choose',
      currentRound: 0,
      choices: {},
      revealed: false,
      roundResults: [],
      wins: { [players[0]]: 0, [players[1]]: 0 },
      autoStreak: { [players[0]]: 0, [players[1]]: 0 },
      timerStartTime: now,
      deadlineAt: null,
      winnerId: null,
      loserId: null,
      endReason: null,
    };
    return startRound(base, now);
  },

  apply(state, playerId, move, now) {
    if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
    if (!rpsChoices.includes(move.choice)) throw new RuleError('illegal', 'Choice must be rock, paper or scissors');
    if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
    if (move.round !== undefined && move.round !== state.currentRound) throw new RuleError('conflict', 'That round is over');
    if (state.phase !== 'choose') throw new RuleError('conflict', 'The next round has not started yet');
    if (state.choices[playerId]) throw new RuleError('conflict', 'You have already chosen this round');
    const next: RpsState = { ...state, choices: { ...state.choices, [playerId]: move.choice } };
    const opponent = opponentOf(state, playerId);
    if (!next.choices[opponent]) return next;
    return resolveRound(next, {}, now);
  },

  deadline: (state) => state.deadlineAt,

  timeout(state, now) {
    if (state.phase === 'round-completed') return startRound(state, now);
    if (state.phase !== 'choose') return state;
    let rng = state.rng;
    const choices = { ...state.choices };
    const autoPicked: Record<string, boolean> = {};
    for (const id of state.players) {
      if (choices[id]) continue;
      const [choice, next] = pick(rng, rpsChoices);
      rng = next;
      choices[id] = choice;
      autoPicked[id] = true;
    }
    return resolveRound({ ...state, rng, choices }, autoPicked, now);
  },

  resign(state, playerId, _now) {
    if (!state.players.includes(playerId)) throw new RuleError('illegal', 'You are not a player of this game');
    if (state.phase === 'game-completed') throw new RuleError('conflict', 'The game is over');
    return finish(state, opponentOf(state, playerId), 'opponent-left');
  },

  view(state, playerId) {
    const opponent = opponentOf(state, playerId);
    const showOpponent = state.revealed;
    return {
      phase: phaseOf(state, playerId),
      phases: perPlayer(state, (id) => phaseOf(state, id)),
      turn: null,
      currentRound: state.currentRound,
      choices: {
        [playerId]: state.choices[playerId] ?? null,
        [opponent]: showOpponent ? (state.choices[opponent] ?? null) : null,
      },
      chosen: perPlayer(state, (id) => Boolean(state.choices[id])),
      roundResults: state.roundResults,
      wins: { ...state.wins },
      totalGamePoints: { ...state.wins },
      playerColors: {},
      timerStartTime: state.phase === 'game-completed' ? null : state.timerStartTime,
      deadlineAt: state.deadlineAt,
    };
  },

  outcome(state): Outcome | null {
    if (state.phase !== 'game-completed' || !state.winnerId || !state.loserId) return null;
    return { winnerId: state.winnerId, loserId: state.loserId, endReason: state.endReason, points: { ...state.wins } };
  },
};
