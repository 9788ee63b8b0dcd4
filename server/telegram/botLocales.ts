import { DEFAULT_LANGUAGE, supportedLanguage, type Language } from '../../protocol/languages.ts';

/**
 * What the bot says, in each of the app's languages (issue 23): the server's locale file for the bot,
 * beside the app's in src/i18n/locales (the server never imports src/). Every language has every key:
 * the type says so.
 */
interface BotTexts {
  greeting: string;
  invited: string;
  openButton: string;
  help: string;
  commands: { start: string; help: string };
}

export const botLocales: Readonly<Record<Language, BotTexts>> = {
  en: {
    greeting: 'Welcome to Duel Stakes! Challenge a real opponent at Rock Paper Scissors, Belote, Carrom or Backgammon, for fun or for USDT.',
    invited: 'A friend invited you. Open the app and your accounts are linked.',
    openButton: 'Play now',
    help: 'Duel Stakes is a Telegram Mini App for one-on-one games against real opponents. Pick a game and a bet (or play free), get matched, and play in real time. Deposit and withdraw USDT (TRC20) in the app. Tap the button below or the menu button to open it.',
    commands: { start: 'Open Duel Stakes', help: 'What is Duel Stakes?' },
  },
  ru: {
    greeting: 'Добро пожаловать в Duel Stakes! Сыграйте с живым соперником в «Камень, ножницы, бумага», Блот, Карром или Нарды — на интерес или на USDT.',
    invited: 'Вас пригласил друг. Откройте приложение, и ваши аккаунты будут связаны.',
    openButton: 'Играть',
    help: 'Duel Stakes — мини-приложение в Telegram для игр один на один с живыми соперниками. Выберите игру и ставку (или играйте бесплатно), дождитесь соперника и играйте в реальном времени. Пополняйте баланс и выводите USDT (TRC20) прямо в приложении. Чтобы открыть его, нажмите кнопку ниже или кнопку меню.',
    commands: { start: 'Открыть Duel Stakes', help: 'Что такое Duel Stakes?' },
  },
  hy: {
    greeting: 'Բարի գալուստ Duel Stakes։ Խաղացեք իրական մրցակցի հետ «Քար, թուղթ, մկրատ», Բլոտ, Կարոմ կամ Նարդի՝ հաճույքի համար կամ USDT-ով։',
    invited: 'Ձեզ հրավիրել է ընկերը։ Բացեք հավելվածը, և ձեր հաշիվները կկապվեն։',
    openButton: 'Խաղալ',
    help: 'Duel Stakes-ը Telegram-ի մինի հավելված է՝ իրական մրցակիցների հետ մեկը մեկի դեմ խաղերի համար։ Ընտրեք խաղը և խաղադրույքը (կամ խաղացեք անվճար), սպասեք մրցակցին և խաղացեք իրական ժամանակում։ Լիցքավորեք հաշիվը և դուրս բերեք USDT (TRC20) հենց հավելվածում։ Այն բացելու համար սեղմեք ներքևի կոճակը կամ մենյուի կոճակը։',
    commands: { start: 'Բացել Duel Stakes-ը', help: 'Ի՞նչ է Duel Stakes-ը' },
  },
};

/** The bot's texts in the sender's Telegram language (`language_code`), English when it is none of ours. */
export function botTextsFor(languageCode: unknown): BotTexts {
  return botLocales[supportedLanguage(languageCode) ?? DEFAULT_LANGUAGE];
}
