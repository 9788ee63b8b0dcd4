import {
  CARROM_MAX_PULL,
  CARROM_MIN_PULL,
  CARROM_POWER_SCALE,
  CARROM_SPEED_TOLERANCE,
  CARROM_STRIKER_MAX_X,
  CARROM_STRIKER_MIN_X,
  shotSpeed,
  type CarromShot,
} from '../../protocol/carrom.ts';

/**
 * Checking a shot's numbers: why it would be refused, or null. The rules refuse with this (422, nothing
 * changes); the app can ask the same before sending. A pull below 18 is refused, not played as a pass:
 * the page's client sends nothing for it, so one that arrives is a broken client, which must not lose
 * the turn for it.
 */
export function shotError(move: unknown, playerId: string): string | null {
  if (typeof move !== 'object' || move === null) return 'move must be a shot';
  const shot = move as Partial<Record<keyof CarromShot, unknown>>;
  if (shot.playerId !== playerId) return 'playerId must be your own id';
  for (const field of ['strikerPosition', 'angle', 'speed', 'hitStrength'] as const) {
    const value = shot[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${field} must be a finite number`;
  }
  const { strikerPosition, speed, hitStrength } = shot as CarromShot;
  if (strikerPosition < CARROM_STRIKER_MIN_X || strikerPosition > CARROM_STRIKER_MAX_X) {
    return `strikerPosition must be between ${CARROM_STRIKER_MIN_X} and ${CARROM_STRIKER_MAX_X}`;
  }
  if (hitStrength < CARROM_MIN_PULL) return `A pull below ${CARROM_MIN_PULL} is no shot`;
  if (hitStrength > CARROM_MAX_PULL) return `hitStrength must be at most ${CARROM_MAX_PULL}`;
  if (speed < 0 || speed > CARROM_POWER_SCALE) return `speed must be between 0 and ${CARROM_POWER_SCALE}`;
  if (Math.abs(speed - shotSpeed(hitStrength)) > CARROM_SPEED_TOLERANCE) return 'speed does not match hitStrength';
  return null;
}
