import type { RpsChoice, RpsGameView } from '../../../protocol/rps.ts';

/**
 * The two hands the play area shows. The opponent's only once the round is revealed (the server
 * withholds it before; this never guesses), and at the end the last round's pair.
 */
export function shownChoices(game: RpsGameView, myId: string, opponentId: string): { mine: RpsChoice | null; opponent: RpsChoice | null } {
  const lastRound = game.roundResults.at(-1);
  if (game.phase === 'round-completed') {
    return {
      mine: game.choices[myId] ?? lastRound?.choices[myId] ?? null,
      opponent: game.choices[opponentId] ?? lastRound?.choices[opponentId] ?? null,
    };
  }
  if (game.phase === 'game-completed') {
    return { mine: lastRound?.choices[myId] ?? null, opponent: lastRound?.choices[opponentId] ?? null };
  }
  return { mine: game.choices[myId] ?? null, opponent: null };
}

/** The revealed round, from this player's side. */
export function roundOutcome(game: RpsGameView, myId: string): 'won' | 'lost' | 'draw' | null {
  const lastRound = game.roundResults.at(-1);
  if (!lastRound) return null;
  if (lastRound.winnerId === null) return 'draw';
  return lastRound.winnerId === myId ? 'won' : 'lost';
}
