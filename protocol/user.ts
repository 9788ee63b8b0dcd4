import { z } from 'zod';
import { countryCodes } from './countries.ts';
import { validationText as t } from './errors.ts';
import { LANGUAGES, type Language } from './languages.ts';

/** The User entity of spec §3, as `GET /api/protected` returns it. Never any password material. */
export interface User {
  _id: string;
  username: string;
  nickname: string;
  email: string | null;
  balance: number;
  score: number;
  country: string | null;
  savedAddress: string | null;
  isAffiliate: boolean;
  affiliatePercentage: number;
  invitedFriends: string[];
  wins: number;
  photoUrl: string | null;
  avatarUrl: string | null;
  inviteLink: string;
  /** Under an operator's review: can play no game, withdraw or claim until lifted. */
  frozen: boolean;
  /** The language the player reads the product in; null until chosen or learnt from Telegram. */
  language: Language | null;
}

/** `GET /api/user/{id}`: what a signed-in player may see of a player; the balance only of themselves. */
export interface PublicUser {
  _id: string;
  username: string;
  nickname: string;
  balance: number | null;
  score: number;
  country: string | null;
  photoUrl: string | null;
}

export interface Statistics {
  wins: number;
  losses: number;
  totalGames: number;
}

export const nickname = z
  .string({ error: t.nicknameRequired })
  .trim()
  .min(1, t.nicknameRequired)
  .max(32, t.nicknameTooLong)
  .refine((value) => !/[<>]/.test(value), t.nicknameMarkup);

export const country = z
  .string()
  .refine((value) => (countryCodes as readonly string[]).includes(value), t.countryUnknown)
  .nullable();

export const updateProfileBody = z.object({ nickname, country: country.optional().transform((c) => c ?? null) });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateLanguageBody = z.object({ language: z.enum(LANGUAGES, { error: 'Unknown language' }) });
export type UpdateLanguageBody = z.input<typeof updateLanguageBody>;
