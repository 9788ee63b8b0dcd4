import { challengeText } from './challengeConstants.ts';
import { validationText } from './errors.ts';
import { fairnessText } from './fairness.ts';
import { gameText } from './game.ts';
import { growthText } from './growth.ts';
import { integrityText } from './integrity.ts';
import { walletText } from './wallet.ts';

/**
 * Every 4xx/5xx body carries a stable `code` beside the spec's English `message` (issue 23): the app
 * shows the code's translation and falls back to the message. A code is the text's place in the
 * protocol's tables ("validation.usernameTaken", "game.insufficientBalance"), so a zod schema that
 * answers a table's text and a route that throws one get the same code without naming it twice. An
 * answer whose text is in no table (a framework's own error, an operator-only text) gets its status's
 * code ("http.notFound").
 */
const ERROR_TABLES = {
  validation: validationText,
  game: gameText,
  wallet: walletText,
  growth: growthText,
  integrity: integrityText,
  fairness: fairnessText,
  challenge: challengeText,
} as const;

type Tables = typeof ERROR_TABLES;
export type TextCode = { [Table in keyof Tables]: `${Table}.${keyof Tables[Table] & string}` }[keyof Tables];

export const STATUS_CODES = {
  400: 'http.badRequest',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.notFound',
  409: 'http.conflict',
  413: 'http.tooLarge',
  415: 'http.badRequest',
  422: 'http.notAllowed',
  429: 'http.tooManyRequests',
  500: 'http.internal',
  503: 'http.unavailable',
} as const;
export type StatusCode = (typeof STATUS_CODES)[keyof typeof STATUS_CODES];
/** Codes of answers whose English text is shared with another (issue 35: "Invalid credentials" because a second factor is needed). */
export const OPERATOR_CODES = { secondFactorRequired: 'operator.secondFactorRequired', secondFactorNeeded: 'operator.secondFactorNeeded' } as const;
export type OperatorCode = (typeof OPERATOR_CODES)[keyof typeof OPERATOR_CODES];
export type ErrorCode = TextCode | StatusCode | OperatorCode;

let codesByText: Map<string, TextCode> | null = null;

/** The code of a protocol text; the first table that holds it wins (two tables share "Insufficient balance"). */
export function codeOfText(text: string): TextCode | null {
  if (!codesByText) {
    codesByText = new Map();
    for (const [table, texts] of Object.entries(ERROR_TABLES)) {
      for (const [key, value] of Object.entries(texts)) {
        if (!codesByText.has(value)) codesByText.set(value, `${table}.${key}` as TextCode);
      }
    }
  }
  return codesByText.get(text) ?? null;
}

/** The code an error answer carries: its text's, else its status's (any other status by its class). */
export function errorCode(status: number, message: string): ErrorCode {
  return (
    codeOfText(message) ??
    STATUS_CODES[status as keyof typeof STATUS_CODES] ??
    (status >= 500 ? STATUS_CODES[500] : STATUS_CODES[400])
  );
}
