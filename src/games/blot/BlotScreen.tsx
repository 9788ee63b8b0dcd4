import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /blot: the game screen arrives with matchmaking in a later release. Lazy-loaded per route, as the real screen will be. */
export function BlotScreen() {
  return (
    <ComingSoon
      title="Belote"
      description="Armenian Belote for two: take or pass the trump, announce combinations, race to 101 points."
    />
  );
}
