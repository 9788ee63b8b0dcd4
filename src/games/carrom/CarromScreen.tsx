import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /carrom: the game screen arrives with matchmaking in a later release. Lazy-loaded per route, as the real screen will be. */
export function CarromScreen() {
  return (
    <ComingSoon
      title="Carrom"
      description="Place the striker on your baseline, aim, and pocket your nine coins and the queen."
    />
  );
}
