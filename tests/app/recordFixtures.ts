import type { PlayedGameRecord } from '../../protocol/game.ts';
import { taskRules, type Task } from '../../protocol/growth.ts';

/** A played-games history row (GET /api/played-games-history): a won RPS game unless overridden. */
export const playedGame = (overrides: Partial<PlayedGameRecord>): PlayedGameRecord => ({
  _id: 'r1',
  gameId: 'g1',
  gameName: 'Rock Paper Scissors',
  gameMode: 'rps',
  bet: 1,
  result: 'win',
  opponentUsername: 'Bob',
  userScore: 3,
  opponentScore: 1,
  date: '2025-03-14T15:09:26.000Z',
  endReason: null,
  ...overrides,
});

/** One of the two tasks (GET /api/tasks), not started unless overridden. */
export function task(condition: Task['condition'], overrides: Partial<Task> = {}): Task {
  const target = condition === 'invite_20_friends' ? 20 : 100;
  return {
    _id: condition,
    name: condition === 'invite_20_friends' ? 'Invite 20 friends' : 'Win 100 games',
    condition,
    reward: condition === 'invite_20_friends' ? 5 : 10,
    completed: false,
    conditionMet: false,
    progress: { current: 0, target },
    rule: condition === 'invite_20_friends' ? taskRules.invite_20_friends(10) : taskRules.win_100_games(),
    ...overrides,
  };
}
