import i18next from 'i18next';
import { codeOfText } from '../../protocol/errorCodes.ts';

/**
 * A protocol text (protocol/errors.ts and the other tables the server answers with) in the language
 * shown: the client-side zod schemas speak the server's English words, so a form shows the same
 * translation for a check it makes itself as for the server's answer. A text no table holds, or one the
 * locale does not translate, is shown as it is.
 */
export function serverText(text: string | undefined): string {
  if (!text) return '';
  const code = codeOfText(text);
  const key = code && `errors.${code}`;
  return key && i18next.exists(key) ? i18next.t(key as never) : text;
}
