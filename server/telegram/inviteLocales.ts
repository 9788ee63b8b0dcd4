import { DEFAULT_LANGUAGE, supportedLanguage, type Language } from '../../protocol/languages.ts';

/**
 * The invite card a player sends from the Mini App (issue 23 §3), in each of the app's languages: the
 * server's locale file for it, beside the bot's (./botLocales.ts; the server never imports src/). It
 * reads as the player inviting a friend in their own words, since the player is the one who sends it.
 */
interface InviteCardTexts {
  /** Telegram's share dialog shows it above the card; the chat never does. */
  title: string;
  /** Under the title in the share dialog. */
  description: string;
  /** The message itself. */
  message: string;
  /** The one button under it, opening the app with the player's invite. */
  openButton: string;
}

export const inviteCardLocales: Readonly<Record<Language, InviteCardTexts>> = {
  en: {
    title: 'Invite to Duel Stakes',
    description: 'Backgammon and Belote one on one, for USDT',
    message: "🎲 Up for a game? Backgammon or Belote, one on one, for real USDT stakes.\nI'm on Duel Stakes: tap Open and take me on!",
    openButton: 'Open',
  },
  ru: {
    title: 'Приглашение в Duel Stakes',
    description: 'Нарды и Блот один на один, на USDT',
    message: '🎲 Сыграем? Нарды или Блот, один на один, на реальные ставки в USDT.\nЯ уже в Duel Stakes — жми «Открыть» и давай сразимся!',
    openButton: 'Открыть',
  },
  hy: {
    title: 'Հրավեր Duel Stakes-ում խաղալու',
    description: 'Նարդի և Բլոտ՝ մեկը մեկի դեմ, USDT-ով',
    message: '🎲 Արի Նարդի կամ Բլոտ խաղանք՝ մեկը մեկի դեմ, իսկական խաղադրույքով՝ USDT-ով։\nԵս արդեն Duel Stakes-ում եմ։ Սեղմիր «Բացել» ու արի մրցենք։',
    openButton: 'Բացել',
  },
};

/** The card in the player's language (their account's, else English). */
export function inviteCardTextsFor(language: unknown): InviteCardTexts {
  return inviteCardLocales[supportedLanguage(language) ?? DEFAULT_LANGUAGE];
}
