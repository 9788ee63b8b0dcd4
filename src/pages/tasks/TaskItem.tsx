import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Cell, Progress, Section, Text } from '@telegram-apps/telegram-ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../protocol/growth.ts';
import { claimTaskReward } from '../../api/claimTaskReward.ts';
import { tasksKey } from '../../api/tasks.ts';
import { transactionsKey } from '../../api/transactions.ts';
import { setBalance } from '../../app/session.ts';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { claimRefusal, ruleText, taskKey } from './taskTexts.ts';

/** One task: reward, progress and what counts toward it, and Claim once its condition is met; marked once claimed. */
export function TaskItem({ task }: { task: Task }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claiming = useMutation({
    mutationFn: claimTaskReward,
    onSuccess: ({ newBalance }) => {
      setBalance(newBalance);
      queryClient.setQueryData<{ tasks: Task[] }>(
        tasksKey,
        (old) => old && { tasks: old.tasks.map((each) => (each._id === task._id ? { ...each, completed: true } : each)) },
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
  const key = taskKey[task.condition];
  // Named by its condition and target (the server's name is English): "Выиграть 100 игр".
  const name = t(`social.tasks.name.${key}`, { count: target });
  const progress = t(`social.tasks.progress.${key}`, { count: target, current: formatNumber(current) });
  const reward = formatMoney(task.reward, { exact: true });
  const rule = task.rule?.trim();
  const refusal = claimRefusal(claiming.error);

  // Section puts a divider between its children, so only the rows shown are given to it.
  const rows: ReactElement[] = [
    <Cell
      key="progress"
      readOnly
      multiline
      after={
        <Text weight="1" className="task__reward" data-testid="task-reward">
          {formatMoney(task.reward, { exact: true, signed: true })}
        </Text>
      }
      subtitle={
        <Progress
          className="task__bar"
          value={percent}
          title={progress}
          aria-label={t('social.tasks.progressLabel', { name })}
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={current}
        />
      }
    >
      <span data-testid="task-progress">{progress}</span>
    </Cell>,
  ];
  if (task.completed) {
    rows.push(
      <Cell key="done" readOnly className="task__done" data-testid="task-completed" before={<span aria-hidden="true">✓</span>}>
        {t('social.tasks.completed')}
      </Cell>,
    );
  }
  if (claimable) {
    rows.push(
      <div key="claim" className="task__claim">
        <Button size="l" stretched loading={claiming.isPending} disabled={claiming.isPending} onClick={() => claiming.mutate({ taskId: task._id })}>
          {claiming.isPending ? t('social.tasks.claiming') : t('social.tasks.claim', { amount: reward })}
        </Button>
      </div>,
    );
  }

  return (
    <Section
      className={task.completed ? 'task task--completed' : 'task'}
      data-testid="task"
      aria-labelledby={titleId}
      header={<Section.Header id={titleId}>{name}</Section.Header>}
      footer={
        <Section.Footer className="task__footer">
          {rule && (
            <span className="task__rule" data-testid="task-rule">
              {ruleText(rule)}
            </span>
          )}
          {refusal && (
            <span className="task__refusal" role="alert">
              {refusal}
            </span>
          )}
          {claiming.isSuccess && (
            <span className="task__added" role="status">
              {t('social.tasks.added', { amount: formatMoney(claiming.data.reward, { exact: true }) })}
            </span>
          )}
        </Section.Footer>
      }
    >
      {rows}
    </Section>
  );
}
