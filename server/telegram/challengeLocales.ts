import type { GameMode } from '../../protocol/constants.ts';
import { DEFAULT_LANGUAGE, supportedLanguage, type Language } from '../../protocol/languages.ts';

/**
 * The challenge card (issue 36) in each of the app's languages, beside the invite card's
 * (./inviteLocales.ts). The shared card is in the challenger's language (they send it, in their own
 * words); the bot's message to a friend in the friend's (the bot speaks to them).
 */
interface ChallengeCardTexts {
  games: Record<GameMode, string>;
  /** Telegram's share dialog shows it above the card. */
  title: (game: string) => string;
  /** Under the title in the share dialog: the stake. */
  description: (stake: string) => string;
  /** The stake of a staked challenge ("$5, winner takes $9"), and of a free one. */
  staked: (bet: string, payout: string) => string;
  free: string;
  /** The message as the challenger sends it. */
  message: (nickname: string, game: string, stake: string) => string;
  /** The bot's message to the one friend it was sent to. */
  friendMessage: (nickname: string, game: string, stake: string) => string;
  /** The one button under it, opening the challenge. */
  acceptButton: string;
}

export const challengeCardLocales: Readonly<Record<Language, ChallengeCardTexts>> = {
  en: {
    games: { rps: 'Rock Paper Scissors', blot: 'Belote', carrom: 'Carrom', backgammon: 'Backgammon' },
    title: (game) => `Challenge: ${game}`,
    description: (stake) => stake,
    staked: (bet, payout) => `${bet} each, the winner takes ${payout}`,
    free: 'a free game',
    message: (nickname, game, stake) => `⚔️ ${nickname} challenges you to ${game}: ${stake}.\nWho's in? Tap Accept and play now on Duel Stakes.`,
    friendMessage: (nickname, game, stake) => `⚔️ ${nickname} challenges you to ${game}: ${stake}.\nTap Accept to play now.`,
    acceptButton: 'Accept',
  },
  ru: {
    games: { rps: 'Камень, ножницы, бумага', blot: 'Блот', carrom: 'Карром', backgammon: 'Нарды' },
    title: (game) => `Вызов: ${game}`,
    description: (stake) => stake,
    staked: (bet, payout) => `по ${bet}, победитель забирает ${payout}`,
    free: 'бесплатная игра',
    message: (nickname, game, stake) => `⚔️ ${nickname} вызывает тебя: ${game}, ${stake}.\nКто в деле? Жми «Принять» и играй прямо сейчас в Duel Stakes.`,
    friendMessage: (nickname, game, stake) => `⚔️ ${nickname} вызывает тебя: ${game}, ${stake}.\nЖми «Принять», чтобы сыграть прямо сейчас.`,
    acceptButton: 'Принять',
  },
  hy: {
    games: { rps: 'Քար, թուղթ, մկրատ', blot: 'Բլոտ', carrom: 'Կարոմ', backgammon: 'Նարդի' },
    title: (game) => `Մարտահրավեր՝ ${game}`,
    description: (stake) => stake,
    staked: (bet, payout) => `յուրաքանչյուրը ${bet}, հաղթողը վերցնում է ${payout}`,
    free: 'անվճար խաղ',
    message: (nickname, game, stake) => `⚔️ ${nickname}-ը քեզ մարտահրավեր է նետում՝ ${game}, ${stake}։\nՈ՞վ է պատրաստ։ Սեղմիր «Ընդունել» ու խաղա հիմա Duel Stakes-ում։`,
    friendMessage: (nickname, game, stake) => `⚔️ ${nickname}-ը քեզ մարտահրավեր է նետում՝ ${game}, ${stake}։\nՍեղմիր «Ընդունել»՝ հիմա խաղալու համար։`,
    acceptButton: 'Ընդունել',
  },
};

export function challengeCardTextsFor(language: unknown): { language: Language; texts: ChallengeCardTexts } {
  const chosen = supportedLanguage(language) ?? DEFAULT_LANGUAGE;
  return { language: chosen, texts: challengeCardLocales[chosen] };
}
