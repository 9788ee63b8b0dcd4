import { z } from 'zod';
import { usdtToMicro } from './money.ts';

// Apart from ./money.ts: the lobby shows balances through money.ts in its first load, and a module
// that also held this schema would bring zod along wherever it is bundled.

/** A wire amount in USDT: a number with at most 6 decimals. */
export const usdtAmount = z.number({ error: 'Amount must be a number' }).refine(
  (value) => {
    try {
      usdtToMicro(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Amount must have at most 6 decimals' },
);
