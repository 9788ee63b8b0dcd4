/**
 * A reward or an earning in USDT: at least two decimals and up to the wire's six, never rounded, so a
 * referral share of 0.028 reads 0.028 (a balance, by contrast, shows rounded down to cents).
 */
export function formatUsdt(usdt: number): string {
  const micro = BigInt(Math.round(usdt * 1e6));
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}${abs / 1_000_000n}.${fraction.padEnd(2, '0')}`;
}
