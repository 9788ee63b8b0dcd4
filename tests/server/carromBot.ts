import { CARROM_COIN_RADIUS, CARROM_STRIKER_RADIUS, shotSpeed, type CarromShot } from '../../protocol/carrom.ts';
import { carromRules, placeStriker, POCKETS, type CarromState } from '../../rules/carrom/index.ts';

/**
 * A test player that aims like a person: for each coin it may pocket and each pocket, the "ghost" spot
 * the striker must hit, from the baseline spots that give the straightest cut; each candidate is tried
 * with the shared rules and the best outcome kept. A few random shots break up a blocked board.
 */
export function chooseShot(state: CarromState, shooter: string, random: () => number): CarromShot {
  const white = state.players[0] === shooter;
  const color = white ? 'white' : 'black';
  const opponent = white ? state.players[1] : state.players[0];
  const contact = CARROM_COIN_RADIUS + CARROM_STRIKER_RADIUS;
  const aims: { straightness: number; x: number; angle: number }[] = [];
  for (const target of state.coins.filter((c) => !c.isProcessed && (c.type === color || c.type === 'queen'))) {
    for (const pocket of POCKETS) {
      const dx = pocket.x - target.x;
      const dy = pocket.y - target.y;
      const d = Math.hypot(dx, dy);
      const ghost = { x: target.x - (dx / d) * contact, y: target.y - (dy / d) * contact };
      for (let x = 65; x <= 235; x += 10) {
        const spot = placeStriker(state.coins, color, x);
        const sx = ghost.x - spot.x;
        const sy = ghost.y - spot.y;
        const straightness = (sx * dx + sy * dy) / (Math.hypot(sx, sy) * d);
        if (straightness > 0.2) aims.push({ straightness, x: spot.x, angle: Math.atan2(sy, sx) });
      }
    }
  }
  aims.sort((p, q) => q.straightness - p.straightness);
  const candidates = aims.slice(0, 30).map(({ x, angle }) => ({ x, angle }));
  for (let i = 0; i < 6; i += 1) candidates.push({ x: 65 + random() * 170, angle: (white ? -1 : 1) * Math.PI * (0.1 + 0.8 * random()) });

  let best: { score: number; shot: CarromShot } | null = null;
  for (const { x, angle } of candidates) {
    for (const hitStrength of [35, 60]) {
      const shot: CarromShot = { playerId: shooter, strikerPosition: x, angle, speed: shotSpeed(hitStrength), hitStrength };
      const next = carromRules.apply(state, shooter, shot, 0);
      const gained = (id: string) => (next.pocketedPieces[id]?.length ?? 0) - (state.pocketedPieces[id]?.length ?? 0);
      let score = 10 * gained(shooter) - 10 * gained(opponent) - (next.strikerFell ? 15 : 0) + (next.turn === shooter ? 5 : 0);
      if (next.phase === 'game-completed') score += next.winnerId === shooter ? 1000 : -1000;
      score += random();
      if (!best || score > best.score) best = { score, shot };
    }
  }
  return best!.shot;
}
