import type { GameUpdate, Opponent } from '../../protocol/game.ts';
import type { RpsGameView } from '../../protocol/rps.ts';
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
