import { CARROM_COINS_PER_PLAYER, boardUnits, type CarromCoin, type CarromColor, type CarromFoul } from '../../protocol/carrom.ts';
import { freeSpotNearCentre } from './board.ts';

/**
 * What a shot's pockets mean (../shared/rules/carrom.md, Scoring and turns), from the shooter's side.
 * Pure bookkeeping on the physics' result; it never looks at how the pieces moved.
 *
 * In order:
 * 1. Own coins pocketed go to the shooter, the opponent's coins to the opponent.
 * 2. Fouls that do not depend on the queen: the striker fell; the shooter pocketed the opponent's last coin.
 * 3. The queen, if pocketed, is covered when the shooter also pocketed an own coin in this shot and
 *    committed neither foul of step 2: `secured` by the shooter. Otherwise it goes back to the centre.
 * 4. Last coins go down only after the queen is secured: the shooter's own ninth coin with the queen not
 *    secured after step 3 is a foul and that coin comes back; the opponent's ninth coin pocketed by the
 *    shooter with the queen not secured comes back too (else the opponent would hold nine coins and no way
 *    ever to cover the queen). With the queen secured it stays down, and the opponent has won.
 *    The queen and the shooter's last coin in one shot: the queen is covered, so this is no foul, a win.
 * 5. Any foul: the turn passes and one penalty coin (whatever the number of fouls) comes back: the
 *    shooter's most recently pocketed own coin, if any (no debt is kept when there is none).
 * 6. The turn is kept when an own coin was pocketed and there was no foul.
 * 7. Win: a player with all nine own coins down while the queen is secured (by anyone).
 * Pieces coming back are placed in that order (queen, last coins, penalty), each at the centre or the
 * nearest free spot.
 */

export interface ShotFacts {
  shooterColor: CarromColor;
  /** All the coins after the shot; those pocketed in it are `isProcessed`. */
  coins: readonly CarromCoin[];
  /** Coin ids (and `queen`) pocketed in this shot, in the order they fell; not the striker. */
  pocketed: readonly string[];
  strikerFell: boolean;
  /** The shooter's and the opponent's own coins already down before the shot. */
  ownBefore: readonly string[];
  opponentBefore: readonly string[];
  queenSecuredBefore: boolean;
}

export interface ShotScore {
  coins: CarromCoin[];
  own: string[];
  opponent: string[];
  /** The queen is secured after the shot (now or before). */
  queenSecured: boolean;
  /** This shot covered the queen. */
  queenCovered: boolean;
  fouls: CarromFoul[];
  returned: string[];
  turnKept: boolean;
  winner: 'shooter' | 'opponent' | null;
}

export function scoreShot(facts: ShotFacts): ShotScore {
  const typeOf = new Map(facts.coins.map((c) => [c.id, c.type]));
  const ownNew = facts.pocketed.filter((id) => typeOf.get(id) === facts.shooterColor);
  const opponentNew = facts.pocketed.filter((id) => {
    const type = typeOf.get(id);
    return type !== facts.shooterColor && type !== 'queen';
  });
  const queenNew = facts.pocketed.includes('queen');
  const own = [...facts.ownBefore, ...ownNew];
  const opponent = [...facts.opponentBefore, ...opponentNew];

  const fouls: CarromFoul[] = [];
  if (facts.strikerFell) fouls.push('striker-fell');
  if (opponentNew.length > 0 && opponent.length >= CARROM_COINS_PER_PLAYER) fouls.push('opponent-last-coin');
  const queenCovered = queenNew && ownNew.length > 0 && fouls.length === 0;
  const queenSecured = facts.queenSecuredBefore || queenCovered;

  const returned: string[] = [];
  if (queenNew && !queenCovered) returned.push('queen');
  if (!queenSecured && ownNew.length > 0 && own.length >= CARROM_COINS_PER_PLAYER) {
    fouls.push('own-last-coin-before-queen');
    returned.push(own.pop() as string);
  }
  if (!queenSecured && opponentNew.length > 0 && opponent.length >= CARROM_COINS_PER_PLAYER) {
    returned.push(opponent.pop() as string);
  }
  if (fouls.length > 0 && own.length > 0) returned.push(own.pop() as string);

  const coins = facts.coins.map((c) => ({ ...c, velocity: { x: 0, y: 0 } }));
  for (const id of returned) {
    const spot = freeSpotNearCentre(coins);
    const i = coins.findIndex((c) => c.id === id);
    const coin = coins[i] as CarromCoin;
    coins[i] = { ...coin, x: boardUnits(spot.x), y: boardUnits(spot.y), isProcessed: false };
  }

  let winner: ShotScore['winner'] = null;
  if (queenSecured && own.length >= CARROM_COINS_PER_PLAYER) winner = 'shooter';
  else if (queenSecured && opponent.length >= CARROM_COINS_PER_PLAYER) winner = 'opponent';

  return { coins, own, opponent, queenSecured, queenCovered, fouls, returned, turnKept: ownNew.length > 0 && fouls.length === 0, winner };
}
