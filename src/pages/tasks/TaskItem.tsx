import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskCondition } from '../../../protocol/growth.ts';
import { claimTaskReward } from '../../api/claimTaskReward.ts';
import { ApiError } from '../../api/http.ts';
import { tasksKey } from '../../api/tasks.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { setBalance } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';
import { formatUsdt } from '../../ui/formatUsdt.ts';

/** What a task's progress counts: 7/20 friends, 42/100 wins. */
const progressUnit: Record<TaskCondition, string> = { invite_20_friends: 'friends', win_100_games: 'wins' };

/** One task: reward, progress and what counts toward it, and Claim once its condition is met; marked once claimed. */
export function TaskItem({ task }: { task: Task }) {
  const queryClient = useQueryClient();
  const claiming = useMutation({
    mutationFn: claimTaskReward,
    onSuccess: ({ newBalance }) => {
      setBalance(newBalance);
      queryClient.setQueryData<{ tasks: Task[] }>(
        tasksKey,
        (old) => old && { tasks: old.tasks.map((t) => (t._id === task._id ? { ...t, completed: true } : t)) },
      );
      void queryClient.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (error) => {
      // Spec §8: logged; the server's own words (already claimed, not completed yet) are still shown.
      console.error('Failed to claim the task reward', error);
      // The list was out of date (claimed elsewhere, a friend gone): ask again.
      void queryClient.invalidateQueries({ queryKey: tasksKey });
    },
  });

  const { current, target } = task.progress;
  const percent = target > 0 ? Math.min(100, Math.round((current / target) * 100)) : 100;
  const claimable = task.conditionMet && !task.completed;
  const titleId = `task-${task._id}`;

  return (
    <li className={task.completed ? 'task task--completed' : 'task'} data-testid="task" aria-labelledby={titleId}>
      <div className="task__head">
        <h2 id={titleId} className="task__name">
          {task.name}
        </h2>
        <span className="task__reward" data-testid="task-reward">
          +${formatUsdt(task.reward)}
        </span>
      </div>
      <div className="task__progress">
        <div
          className="task__bar"
          role="progressbar"
          aria-label={`${task.name} progress`}
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={current}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <span className="task__count" data-testid="task-progress">
          {current}/{target} {progressUnit[task.condition]}
        </span>
      </div>
      {task.rule?.trim() && (
        <p className="muted task__rule" data-testid="task-rule">
          {task.rule}
        </p>
      )}
      {task.completed && (
        <p className="task__done" data-testid="task-completed">
          ✓ Completed
        </p>
      )}
      {claimable && (
        <button className="button button--block" type="button" disabled={claiming.isPending} onClick={() => claiming.mutate({ taskId: task._id })}>
          {claiming.isPending ? 'Claiming…' : `Claim $${formatUsdt(task.reward)}`}
        </button>
      )}
      <FormError message={claiming.error instanceof ApiError ? claiming.error.serverMessage : null} />
      {claiming.isSuccess && (
        <p className="form-success" role="status">
          ${formatUsdt(claiming.data.reward)} added to your balance.
        </p>
      )}
    </li>
  );
}
