import { challengeText } from '../../../../protocol/challengeConstants.ts';
import { validationText } from '../../../../protocol/errors.ts';
import { fairnessText } from '../../../../protocol/fairness.ts';
import { gameText } from '../../../../protocol/gameConstants.ts';
import { growthText } from '../../../../protocol/growth.ts';
import { integrityText } from '../../../../protocol/integrity.ts';
import { walletText } from '../../../../protocol/wallet.ts';

/**
 * The server's errors by their stable code (protocol/errorCodes.ts): `errors.<code>`. English is the
 * wire's own text, taken from the protocol tables so the two never drift; the app shows the code's
 * translation and the server's message for a code it does not know (src/api/http.ts messageOf).
 */
const errors = {
  validation: {
    usernameRequired: validationText.usernameRequired,
    usernameShape: validationText.usernameShape,
    emailRequired: validationText.emailRequired,
    emailInvalid: validationText.emailInvalid,
    passwordRequired: validationText.passwordRequired,
    passwordTooShort: validationText.passwordTooShort,
    passwordsDoNotMatch: validationText.passwordsDoNotMatch,
    forgotEmailInvalid: validationText.forgotEmailInvalid,
    nicknameRequired: validationText.nicknameRequired,
    nicknameTooLong: validationText.nicknameTooLong,
    nicknameMarkup: validationText.nicknameMarkup,
    countryUnknown: validationText.countryUnknown,
    invalidCredentials: validationText.invalidCredentials,
    invalidUsernameOrPassword: validationText.invalidUsernameOrPassword,
    usernameTaken: validationText.usernameTaken,
    emailTaken: validationText.emailTaken,
    resetTokenInvalid: validationText.resetTokenInvalid,
    tooManyRequests: validationText.tooManyRequests,
    notSignedIn: validationText.notSignedIn,
    telegramOff: validationText.telegramOff,
    telegramInvalid: validationText.telegramInvalid,
    badJson: validationText.badJson,
  },
  game: {
    selectGameAndBet: gameText.selectGameAndBet,
    insufficientBalance: gameText.insufficientBalance,
    requiresScore: gameText.requiresScore,
    alreadySearching: gameText.alreadySearching,
    alreadyPlaying: gameText.alreadyPlaying,
    noSearch: gameText.noSearch,
    noRematch: gameText.noRematch,
    unknownBet: gameText.unknownBet,
    comingSoon: gameText.comingSoon,
    notYourTurn: gameText.notYourTurn,
    gameNotFound: gameText.gameNotFound,
    gameOver: gameText.gameOver,
    notInGame: gameText.notInGame,
    staleVersion: gameText.staleVersion,
    badSocketId: gameText.badSocketId,
  },
  wallet: {
    invalidAddress: walletText.invalidAddress,
    amountTooSmall: walletText.amountTooSmall,
    required: walletText.required,
  },
  growth: {
    noRewards: growthText.noRewards,
    taskNotMet: growthText.taskNotMet,
    taskClaimed: growthText.taskClaimed,
    channelRequired: growthText.channelRequired,
    notesTooLong: growthText.notesTooLong,
    requestOpen: growthText.requestOpen,
  },
  integrity: {
    frozen: integrityText.frozen,
    badDeviceId: integrityText.badDeviceId,
  },
  fairness: {
    notOver: fairnessText.notOver,
    noProof: fairnessText.noProof,
    neverDrawn: fairnessText.neverDrawn,
    clientSeedFormat: fairnessText.clientSeedFormat,
    clientSeedLate: fairnessText.clientSeedLate,
    clientSeedTwice: fairnessText.clientSeedTwice,
    gameStarting: fairnessText.gameStarting,
  },
  challenge: {
    notFound: challengeText.notFound,
    ownChallenge: challengeText.ownChallenge,
    taken: challengeText.taken,
    canceled: challengeText.canceled,
    expired: challengeText.expired,
    alreadyChallenging: challengeText.alreadyChallenging,
    notChallenger: challengeText.notChallenger,
    forAnotherPlayer: challengeText.forAnotherPlayer,
    notFriend: challengeText.notFriend,
    linkedAccounts: challengeText.linkedAccounts,
    cardUnavailable: challengeText.cardUnavailable,
    telegramAccountNeeded: challengeText.telegramAccountNeeded,
    telegramFailed: challengeText.telegramFailed,
  },
  http: {
    badRequest: 'The request is not valid',
    unauthorized: 'Please sign in again',
    forbidden: 'This is not allowed for your account',
    notFound: 'Not found',
    conflict: 'This was already done or has changed. Reload and try again.',
    tooLarge: 'The request is too large',
    notAllowed: 'That move is not allowed',
    tooManyRequests: 'Too many requests. Please wait a minute and try again.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  },
};

export default errors;
