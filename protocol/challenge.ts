import { z } from 'zod';
import { challengeText, CHALLENGE_CODE_PATTERN } from './challengeConstants.ts';
import { gameMode } from './game.ts';
import { usdtAmount } from './usdtAmount.ts';

/** The challenge routes' bodies and parameters (issue 36; the texts and answers in ./challengeConstants.ts). */

export * from './challengeConstants.ts';

export const createChallengeBody = z
  .object({
    gameMode,
    betAmount: usdtAmount,
    /** A friend to send it to through the bot: only they may accept it. */
    friendId: z.uuid({ error: challengeText.notFriend }).optional(),
  })
  .strict();
export type CreateChallengeBody = z.input<typeof createChallengeBody>;

export const challengeCodeParams = z.object({ code: z.string().regex(CHALLENGE_CODE_PATTERN, { error: challengeText.notFound }) });

