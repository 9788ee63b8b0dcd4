import { currentLanguage } from '../i18n/i18n.ts';

/**
 * An amount of a coin without a currency sign ("8.50", "+19.99995", "1 234,50" in Russian): the number
 * part of "8.50 USDT", which the wallet pages write with the coin after it (the `wallet.coins` text).
 * formatMoney (src/i18n/format.ts) writes "$8.50"; a fee, a payout or a transaction reads in coins.
 */
interface CoinOptions {
  /** Up to the wire's six decimals, never rounded (a TRX deposit credited to the micro-USDT); else cents. */
  exact?: boolean;
  /** A plus sign on what comes in ("+25.00"), a minus on what goes out. */
  signed?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

export function formatCoinAmount(amount: number, { exact = false, signed = false }: CoinOptions = {}): string {
  const language = currentLanguage();
  const id = `${language}:${exact}:${signed}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: exact ? 6 : 2,
      // Never more than there is: cents are cut, not rounded, as a balance is (spec §9).
      roundingMode: 'trunc',
      useGrouping: 'min2',
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(id, format);
  }
  return format.format(amount);
}
