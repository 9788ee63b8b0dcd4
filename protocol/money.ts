/**
 * The one place where USDT on the wire (a JSON number, at most 6 decimals) meets micro-USDT in the
 * server (a bigint; 1 USDT = 1 000 000, USDT-TRC20's own precision). Arithmetic never uses floats.
 */
export const MICRO_PER_USDT = 1_000_000n;

export function microToUsdt(micro: bigint): number {
  // Exact for any amount below 2^53 micro-USDT (about 9 billion USDT).
  return Number(micro) / 1e6;
}

/** Converts a wire amount; throws a RangeError for NaN, infinities or more than 6 decimals. */
export function usdtToMicro(usdt: number): bigint {
  if (!Number.isFinite(usdt)) throw new RangeError('Amount must be a finite number');
  const scaled = Math.round(usdt * 1e6);
  if (Math.abs(scaled / 1e6 - usdt) > Number.EPSILON * Math.max(1, Math.abs(usdt))) {
    throw new RangeError('Amount has more than 6 decimals');
  }
  if (!Number.isSafeInteger(scaled)) throw new RangeError('Amount is too large');
  return BigInt(scaled);
}

/** Balance shown as whole part and two decimals, rounded down (spec §2, §9). */
export function formatBalance(usdt: number): { whole: string; cents: string; text: string } {
  const micro = BigInt(Math.round(usdt * 1e6));
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = abs / 10_000n;
  const whole = (negative ? '-' : '') + (cents / 100n).toString();
  const frac = (cents % 100n).toString().padStart(2, '0');
  return { whole, cents: frac, text: `${whole}.${frac}` };
}
