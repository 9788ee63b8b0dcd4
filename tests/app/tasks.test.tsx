import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { taskRules, type Task } from '../../protocol/growth.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';
import { task } from './recordFixtures.ts';

function tasksApi(tasks: Task[] | StubRoute, routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ balance: 2 }) } },
    'GET /api/tasks': Array.isArray(tasks) ? { body: { tasks } } : tasks,
    ...routes,
  });
}

const card = (name: string) => {
  const item = screen.getAllByTestId('task').find((li) => within(li).queryByRole('heading', { name }));
  if (!item) throw new Error(`no task ${name}`);
  return item;
};

describe('the tasks page', () => {
  it('lists each task with its name, reward and progress as counts', async () => {
    tasksApi([
      task('invite_20_friends', { progress: { current: 7, target: 20 } }),
      task('win_100_games', { progress: { current: 42, target: 100 } }),
    ]);
    renderApp('/tasks');
    expect(await screen.findAllByTestId('task')).toHaveLength(2);

    const invite = card('Invite 20 friends');
    expect(within(invite).getByTestId('task-reward')).toHaveTextContent('+$5.00');
    expect(within(invite).getByTestId('task-progress')).toHaveTextContent('7/20 friends');
    const inviteBar = within(invite).getByRole('progressbar');
    expect(inviteBar).toHaveAttribute('aria-valuenow', '7');
    expect(inviteBar).toHaveAttribute('aria-valuemax', '20');
    expect(inviteBar.firstElementChild).toHaveStyle({ width: '35%' });

    const wins = card('Win 100 games');
    expect(within(wins).getByTestId('task-reward')).toHaveTextContent('+$10.00');
    expect(within(wins).getByTestId('task-progress')).toHaveTextContent('42/100 wins');
    expect(within(wins).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    // Neither is met: nothing to claim, nothing marked.
    expect(screen.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-completed')).not.toBeInTheDocument();
  });

  it('shows under each progress bar what counts toward it, as the server words it', async () => {
    tasksApi([
      task('invite_20_friends', { rule: 'Friends who deposited 10 USDT and played someone else.' }),
      task('win_100_games', { rule: 'Wins in paid games that end by play.' }),
    ]);
    renderApp('/tasks');
    await screen.findAllByTestId('task');
    const invite = card('Invite 20 friends');
    expect(within(invite).getByTestId('task-rule')).toHaveTextContent('Friends who deposited 10 USDT and played someone else.');
    const wins = card('Win 100 games');
    expect(within(wins).getByTestId('task-rule')).toHaveTextContent('Wins in paid games that end by play.');
    // Under the progress, not above it.
    const progress = within(wins).getByTestId('task-progress');
    const rule = within(wins).getByTestId('task-rule');
    expect(progress.compareDocumentPosition(rule) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no rule line for a task whose rule is empty', async () => {
    tasksApi([task('invite_20_friends', { rule: '' }), task('win_100_games')]);
    renderApp('/tasks');
    await screen.findAllByTestId('task');
    expect(within(card('Invite 20 friends')).queryByTestId('task-rule')).not.toBeInTheDocument();
    expect(within(card('Win 100 games')).getByTestId('task-rule')).toHaveTextContent(taskRules.win_100_games());
  });

  it('marks a claimed task as completed, with no Claim button', async () => {
    tasksApi([
      task('invite_20_friends', { completed: true, conditionMet: true, progress: { current: 20, target: 20 } }),
      task('win_100_games', { progress: { current: 3, target: 100 } }),
    ]);
    renderApp('/tasks');
    await screen.findAllByTestId('task');
    expect(within(card('Invite 20 friends')).getByTestId('task-completed')).toHaveTextContent('Completed');
    expect(within(card('Win 100 games')).queryByTestId('task-completed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it('claims a met task: POST {taskId}, the balance moves and the task is marked completed', async () => {
    const api = tasksApi([task('invite_20_friends', { conditionMet: true, progress: { current: 20, target: 20 } }), task('win_100_games')], {
      'POST /api/claim-task-reward': { body: { newBalance: 7, reward: 5 } },
    });
    const { user } = renderApp('/tasks');
    await screen.findAllByTestId('task');
    expect(screen.getByTestId('balance')).toHaveTextContent('$2.00');
    const invite = card('Invite 20 friends');
    await user.click(within(invite).getByRole('button', { name: 'Claim $5.00' }));

    expect(await within(invite).findByRole('status')).toHaveTextContent('$5.00 added to your balance.');
    expect(api.callsTo('POST /api/claim-task-reward').map((call) => call.body)).toEqual([{ taskId: 'invite_20_friends' }]);
    expect(screen.getByTestId('balance')).toHaveTextContent('$7.00');
    expect(within(invite).getByTestId('task-completed')).toBeInTheDocument();
    expect(within(invite).queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it("shows the server's 'This reward has already been claimed' (409) and takes the fresh list", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let claimed = false;
    const api = tasksApi(
      () => ({ body: { tasks: [task('win_100_games', { conditionMet: true, completed: claimed, progress: { current: 100, target: 100 } })] } }),
      {
        'POST /api/claim-task-reward': () => {
          claimed = true;
          return { status: 409, body: { message: 'This reward has already been claimed' } };
        },
      },
    );
    const { user } = renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: 'Claim $10.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reward has already been claimed');
    await waitFor(() => expect(screen.getByTestId('task-completed')).toBeInTheDocument());
    expect(api.callsTo('GET /api/tasks')).toHaveLength(2);
    expect(screen.getByTestId('balance')).toHaveTextContent('$2.00');
  });

  it("shows the server's 'The task is not completed yet' (400)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tasksApi([task('invite_20_friends', { conditionMet: true, progress: { current: 20, target: 20 } })], {
      'POST /api/claim-task-reward': { status: 400, body: { message: 'The task is not completed yet' } },
    });
    const { user } = renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: 'Claim $5.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The task is not completed yet');
    expect(screen.queryByTestId('task-completed')).not.toBeInTheDocument();
  });

  it('only logs a failed list or an unreachable claim (spec §8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tasksApi({ status: 500, body: { message: 'database down' } });
    const first = renderApp('/tasks');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch tasks', expect.anything()), { timeout: 4000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('database down')).not.toBeInTheDocument();
    first.unmount();

    tasksApi([task('invite_20_friends', { conditionMet: true, progress: { current: 20, target: 20 } })], {
      'POST /api/claim-task-reward': 'network-error',
    });
    const { user } = renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: 'Claim $5.00' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to claim the task reward', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
