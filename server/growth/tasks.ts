import { eq, sql } from 'drizzle-orm';
import { taskConditions, taskNames, taskRules, taskTargets, type ClaimTaskAnswer, type Task, type TaskCondition } from '../../protocol/growth.ts';
import { growthText } from '../../protocol/growth.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Config } from '../config.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { rowsOf } from '../db/rows.ts';
import { taskClaims } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { moneyTransaction } from '../ledger/notify.ts';
import { lockUnfrozen } from '../integrity/frozen.ts';
import { countingWin, qualifiedFriend } from './qualify.ts';

/** Where each task stands, from real play only: qualified friends, counting wins (growth/qualify.ts). */
async function progressOf(db: Queryable, config: Config, userId: string): Promise<Record<TaskCondition, number>> {
  const [row] = await rowsOf<{ friends: number; wins: number }>(
    db,
    // Counted up to the targets only: the count stops at the 20th qualified friend and the 100th counting
    // win (friends who do not qualify are still each checked on the way).
    sql`SELECT
      (SELECT count(*)::int FROM (SELECT 1 FROM users f WHERE f.invited_by = ${userId}::uuid
          AND ${qualifiedFriend(sql`f`, config.integrity.qualifyDepositMicro)} LIMIT ${taskTargets.invite_20_friends}) AS q) AS friends,
      (SELECT count(*)::int FROM (SELECT 1 FROM played_games p WHERE p.user_id = ${userId}::uuid AND ${countingWin(sql`p`)}
          LIMIT ${taskTargets.win_100_games}) AS w) AS wins`,
  );
  return { invite_20_friends: row?.friends ?? 0, win_100_games: row?.wins ?? 0 };
}

/** The one line under a task: what counts toward it. */
export function taskRule(config: Config, condition: TaskCondition): string {
  return taskRules[condition](microToUsdt(config.integrity.qualifyDepositMicro));
}

export async function tasksOf(services: Services, userId: string): Promise<Task[]> {
  const [progress, claims] = await Promise.all([
    progressOf(services.db, services.config, userId),
    services.db.select({ task: taskClaims.task }).from(taskClaims).where(eq(taskClaims.userId, userId)),
  ]);
  return taskConditions.map((condition) => ({
    _id: condition,
    name: taskNames[condition],
    condition,
    reward: microToUsdt(services.config.taskRewards[condition]),
    completed: claims.some((c) => c.task === condition),
    conditionMet: progress[condition] >= taskTargets[condition],
    progress: { current: Math.min(progress[condition], taskTargets[condition]), target: taskTargets[condition] },
    rule: taskRule(services.config, condition),
  }));
}

/**
 * Pays a task's reward once: the claim row's primary key lets only one of two racing claims through,
 * and the reward moves in the same transaction (house rewards → balance, a `task-reward`).
 */
export async function claimTask(services: Services, userId: string, task: TaskCondition): Promise<ClaimTaskAnswer> {
  const reward = services.config.taskRewards[task];
  try {
    await moneyTransaction(services, async ({ tx, transfer }) => {
      await lockUnfrozen(tx, userId);
      const progress = await progressOf(tx, services.config, userId);
      if (progress[task] < taskTargets[task]) throw new HttpError(400, growthText.taskNotMet);
      await tx.insert(taskClaims).values({ userId, task, rewardMicro: reward });
      if (reward > 0n) {
        await transfer({ from: 'house_rewards', to: { kind: 'user', userId }, amount: reward, kind: 'task-reward', idempotencyKey: `task:${userId}:${task}`, ref: task });
      }
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new HttpError(409, growthText.taskClaimed);
    throw error;
  }
  return { newBalance: microToUsdt(await balanceOf(services.db, userId)), reward: microToUsdt(reward) };
}
