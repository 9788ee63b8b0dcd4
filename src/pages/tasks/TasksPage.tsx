import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /tasks: the frame of a feature that arrives in a later release. */
export function TasksPage() {
  return (
    <ComingSoon
      title="Tasks"
      description="Complete tasks such as inviting 20 friends or winning 100 games, and claim a reward for each."
    />
  );
}
