import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /rps: the game screen arrives with matchmaking in a later release. Lazy-loaded per route, as the real screen will be. */
export function RpsScreen() {
  return (
    <ComingSoon
      title="Rock Paper Scissors"
      description="Pick rock, paper or scissors within 15 seconds; win rounds to fill your three trophy slots."
    />
  );
}
