import type { BackgammonColor, BackgammonGameView } from '../../protocol/backgammon.ts';
import type { EndReason, GameUpdate, GameViewBase, Opponent } from '../../protocol/game.ts';
import type { GameMode } from '../../protocol/constants.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
import { backgammonRules, type BackgammonState } from '../../rules/backgammon/index.ts';
import { makeUser } from './renderApp.tsx';

/** The signed-in player of these fixtures is makeUser()'s; the opponent is Bob from Armenia. */
export const ME = makeUser()._id;
export const OPPONENT = '7d5b8a1e-0000-4000-8000-000000000002';
export const GAME_ID = '3f1c2b7a-0000-4000-8000-00000000a001';

export const bob: Opponent = { _id: OPPONENT, id: OPPONENT, nickname: 'Bob', country: 'AM', score: 1042, photoUrl: null };

type RpsGameOverrides = Partial<RpsGameView>;

/** An RPS GameUpdate as the server sends it to ME: round 1, nobody has chosen, 15 s on the clock. */
export function rpsUpdate(game: RpsGameOverrides = {}, serverTime = Date.now()): GameUpdate<RpsGameView> {
  const base: RpsGameView = {
    _id: GAME_ID,
    gameMode: 'rps',
    status: 'in-progress',
    phase: 'choose',
    phases: { [ME]: 'choose', [OPPONENT]: 'choose' },
    userIds: [ME, OPPONENT],
    usernames: { [ME]: 'alice_1', [OPPONENT]: 'Bob' },
    betAmount: 1,
    payout: 1.8,
    winners: [],
    losers: [],
    endReason: null,
    totalGamePoints: { [ME]: 0, [OPPONENT]: 0 },
    turn: null,
    playerColors: {},
    winnerBalances: {},
    loserBalances: {},
    scoreChanges: {},
    v: 1,
    timerStartTime: serverTime,
    deadlineAt: serverTime + 15_000,
    seedHash: 'ab'.repeat(32),
    seed: null,
    clientSeeds: { [ME]: '', [OPPONENT]: '' },
    createdAt: new Date(serverTime).toISOString(),
    currentRound: 1,
    choices: { [ME]: null, [OPPONENT]: null },
    chosen: { [ME]: false, [OPPONENT]: false },
    roundResults: [],
    wins: { [ME]: 0, [OPPONENT]: 0 },
  };
  const merged = { ...base, ...game };
  return {
    game: merged,
    opponents: [bob],
    timeoutTriggered: false,
    timerStartTime: merged.timerStartTime,
    firstUpdate: false,
    TimerMove: null,
    serverTime,
  };
}

/** The finished match from ME's side: `won` decides winners and losers. */
export function finishedRps(won: boolean, game: RpsGameOverrides = {}): GameUpdate<RpsGameView> {
  return rpsUpdate({
    status: 'completed',
    phase: 'game-completed',
    phases: { [ME]: 'game-completed', [OPPONENT]: 'game-completed' },
    winners: [won ? ME : OPPONENT],
    losers: [won ? OPPONENT : ME],
    wins: { [ME]: won ? 3 : 1, [OPPONENT]: won ? 1 : 3 },
    deadlineAt: null,
    timerStartTime: null,
    v: 12,
    ...game,
  });
}

/**
 * Backgammon: states made by the real rules module (rules/backgammon), viewed as the server views them
 * for ME. A test plays moves on them with backgammonRules.apply, exactly as the server would.
 */
export interface BackgammonSetup {
  /** ME's colour: white sits first in the queue. */
  myColor?: BackgammonColor;
  /** Who won the opening roll. */
  starter?: 'me' | 'opponent';
  now?: number;
}

const seedOf = (n: number) => n.toString(16).padStart(64, '0');

/** A new game in `game-start` (the opening roll shown), whose opening roll went to `starter`. */
export function backgammonStart({ myColor = 'white', starter = 'me', now = Date.now() }: BackgammonSetup = {}): BackgammonState {
  const players: [string, string] = myColor === 'white' ? [ME, OPPONENT] : [OPPONENT, ME];
  const wanted = starter === 'me' ? ME : OPPONENT;
  for (let n = 1; ; n += 1) {
    const state = backgammonRules.create(players, seedOf(n), now);
    if (state.turn === wanted) return state;
  }
}

/** The same game past the opening roll's animation: the starter's 25 s turn has begun. */
export function backgammonPastOpening(setup: BackgammonSetup = {}): BackgammonState {
  const state = backgammonStart(setup);
  return backgammonRules.timeout(state, backgammonRules.deadline(state) as number);
}

type CheckerSpec = Partial<Record<number | 'bar', number>>;

/** The game with a board of our own (wire points; checkers not placed are borne off), `mover` to play `dice`. */
export function backgammonWithBoard(state: BackgammonState, white: CheckerSpec, black: CheckerSpec, mover: string, dice: [number, number]): BackgammonState {
  const slots: string[][] = Array.from({ length: 29 }, () => []);
  for (const [letter, spec, bar, tray] of [
    ['w', white, 25, 27],
    ['b', black, 26, 28],
  ] as const) {
    let n = 0;
    for (const [slot, count] of Object.entries(spec)) {
      const point = slot === 'bar' ? bar : Number(slot);
      for (let i = 0; i < (count ?? 0); i += 1) (slots[point] as string[]).push(`${letter}${(n += 1)}`);
    }
    while (n < 15) (slots[tray] as string[]).push(`${letter}${(n += 1)}`);
  }
  return { ...state, phase: 'move-checker', slots, turn: mover, dice };
}

/** The fields every mode's GameUpdate shares (server/games/views.ts), for a game between ME and Bob. */
export function commonGameFields(
  gameMode: GameMode,
  players: readonly string[],
  outcome: { winnerId: string; loserId: string; endReason: EndReason } | null,
  stake: { betAmount: number; payout: number },
  serverTime: number,
): Omit<GameViewBase, 'phase' | 'turn' | 'totalGamePoints' | 'playerColors' | 'timerStartTime' | 'deadlineAt'> {
  return {
    _id: GAME_ID,
    gameMode,
    status: outcome === null ? 'in-progress' : 'completed',
    userIds: [...players],
    usernames: { [ME]: 'alice_1', [OPPONENT]: 'Bob' },
    ...stake,
    winners: outcome ? [outcome.winnerId] : [],
    losers: outcome ? [outcome.loserId] : [],
    endReason: outcome?.endReason ?? null,
    winnerBalances: {},
    loserBalances: {},
    scoreChanges: {},
    v: 1,
    seedHash: 'ab'.repeat(32),
    seed: null,
    clientSeeds: Object.fromEntries(players.map((id) => [id, ''])),
    createdAt: new Date(serverTime).toISOString(),
  };
}

/** A Backgammon GameUpdate as the server sends it to ME (server/games/views.ts): the rules' view plus the common fields. */
export function backgammonUpdate(state: BackgammonState, game: Partial<BackgammonGameView> = {}, serverTime = Date.now()): GameUpdate<BackgammonGameView> {
  const view = backgammonRules.view(state, ME);
  const outcome = backgammonRules.outcome(state);
  const running = outcome === null;
  const common = commonGameFields('backgammon', state.players, outcome, { betAmount: 1, payout: 1.8 }, serverTime);
  const merged: BackgammonGameView = {
    ...view,
    ...common,
    gameMode: 'backgammon',
    timerStartTime: running ? view.timerStartTime : null,
    deadlineAt: running ? view.deadlineAt : null,
    ...game,
  };
  return { game: merged, opponents: [bob], timeoutTriggered: false, timerStartTime: merged.timerStartTime, firstUpdate: false, TimerMove: null, serverTime };
}
