import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTasks } from '../../api/tasks.ts';
import { session } from '../../app/session.ts';
import { BalanceLine } from '../../ui/BalanceLine.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { TaskItem } from './TaskItem.tsx';
import './tasks.css';

/** /tasks (spec §2): each task with its reward and progress; a met one is claimed, a claimed one marked. */
export function TasksPage() {
  const { user } = useSnapshot(session);
  const tasks = useTasks();

  useEffect(() => {
    // Spec §8: a tasks failure is only logged.
    if (tasks.error) console.error('Failed to fetch tasks', tasks.error);
  }, [tasks.error]);

  return (
    <PageFrame title="Tasks">
      <p className="muted tasks__intro">Complete a task, then claim its reward straight to your balance.</p>
      {user && <BalanceLine balance={user.balance} />}
      {tasks.isPending && <p className="muted">Loading...</p>}
      {tasks.data && (
        <ul className="task-list">
          {tasks.data.tasks.map((task) => (
            <TaskItem key={task._id} task={task} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
