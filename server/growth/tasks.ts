import { and, count, eq } from 'drizzle-orm';
import { taskConditions, taskNames, taskTargets, type ClaimTaskAnswer, type Task, type TaskCondition } from '../../protocol/growth.ts';
import { growthText } from '../../protocol/growth.ts';
import { microToUsdt } from '../../protocol/money.ts';
import type { Services } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { playedGames, taskClaims, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { moneyTransaction } from '../ledger/notify.ts';

/** Where each task stands, from the player's real counts: friends invited, games won. */
async function progressOf(db: Queryable, userId: string): Promise<Record<TaskCondition, number>> {
  const [[friends], [wins]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId)),
    db.select({ n: count() }).from(playedGames).where(and(eq(playedGames.userId, userId), eq(playedGames.result, 'win'))),
  ]);
  return { invite_20_friends: friends?.n ?? 0, win_100_games: wins?.n ?? 0 };
}

export async function tasksOf(services: Services, userId: string): Promise<Task[]> {
  const [progress, claims] = await Promise.all([
    progressOf(services.db, userId),
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
      const progress = await progressOf(tx, userId);
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
