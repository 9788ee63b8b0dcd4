import { List, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useTasks } from '../../api/tasks.ts';
import { session } from '../../app/session.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { BalanceCell } from '../../ui/BalanceLine.tsx';
import { TaskItem } from './TaskItem.tsx';
import './tasks.css';

/** /tasks (spec §2): each task with its reward and progress; a met one is claimed, a claimed one marked. */
export function TasksPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const tasks = useTasks();

  useEffect(() => {
    // Spec §8: a tasks failure is only logged.
    if (tasks.error) console.error('Failed to fetch tasks', tasks.error);
  }, [tasks.error]);

  return (
    <PageFrame title={t('social.tasks.title')}>
      <List className="tasks">
        {user && (
          <Section footer={t('social.tasks.intro')}>
            <BalanceCell balance={user.balance} label={t('social.balance.label')} />
          </Section>
        )}
        {tasks.isPending && (
          <Placeholder description={t('common.loading')}>
            <Spinner size="m" />
          </Placeholder>
        )}
        {tasks.data?.tasks.map((task) => <TaskItem key={task._id} task={task} />)}
      </List>
    </PageFrame>
  );
}
