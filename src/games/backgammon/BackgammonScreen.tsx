import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /backgammon: the game screen arrives with matchmaking in a later release. Lazy-loaded per route, as the real screen will be. */
export function BackgammonScreen() {
  return (
    <ComingSoon
      title="Backgammon"
      description="Roll the dice and bring your 15 checkers home before your opponent does."
    />
  );
}
