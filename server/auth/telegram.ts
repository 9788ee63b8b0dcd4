import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parse, validate } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { announceFriend } from '../growth/friends.ts';
import { telegramAuthBody } from '../../protocol/auth.ts';
import { validationText } from '../../protocol/errors.ts';
import type { Queryable } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { users, type UserRow } from '../db/schema.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { createUser, findInviter, isUsernameFree } from '../users/accounts.ts';
import { newUserEntity, userEntity } from '../users/entity.ts';
import { deviceIdOf, noteSessionStart } from '../integrity/signals.ts';
import { supportedLanguage } from '../../protocol/languages.ts';
import { openPlayerSession } from './knownSessions.ts';
import { PLAYER_COOKIE, setSessionCookie } from './sessions.ts';
import { newInviteCode } from './tokens.ts';
import { countSignIns } from '../metrics/signIns.ts';

/** Telegram's own freshness window for login data: a day, as the issue asks. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

export interface TelegramProfile {
  id: number;
  username?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  photoUrl?: string | undefined;
  /** Telegram's `language_code` (Mini App initData only), kept as the account's language until one is chosen. */
  languageCode?: string | undefined;
}

/**
 * Finds the account of a Telegram user, or creates it on first sight. The inviter is bound only
 * when the account is new: an existing account's inviter never changes. Each write is one statement
 * (the new account with its ledger accounts: createUser), so none needs a transaction around it; two
 * first sign-ins of one Telegram user at once both end on the one account the unique id let in.
 */
export async function telegramAccount(
  db: Queryable,
  profile: TelegramProfile,
  inviteReference: string | null | undefined,
): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await db.select().from(users).where(eq(users.telegramId, profile.id)).limit(1);
  if (existing) return knownTelegramAccount(db, existing, profile);
  try {
    return { user: await newTelegramAccount(db, profile, inviteReference), created: true };
  } catch (error) {
    // Another sign-in of this Telegram user created the account first: on its id, or on the name both
    // asked for (whichever unique index the insert met first). That account is theirs.
    if (!uniqueViolation(error) && !(error instanceof HttpError && error.statusCode === 409)) throw error;
    const [first] = await db.select().from(users).where(eq(users.telegramId, profile.id)).limit(1);
    if (first) return knownTelegramAccount(db, first, profile);
    // Someone else took the name between its check and the insert (a registration by hand, at that
    // very moment): asked again, the name is taken, and the newcomer is tg<id> as they would have been.
    return { user: await newTelegramAccount(db, profile, inviteReference), created: true };
  }
}

/** A known account: Telegram's photo, and its language where the player chose none, brought up to date. */
async function knownTelegramAccount(db: Queryable, existing: UserRow, profile: TelegramProfile): Promise<{ user: UserRow; created: boolean }> {
  const language = supportedLanguage(profile.languageCode);
  const changes = {
    ...(profile.photoUrl && profile.photoUrl !== existing.photoUrl ? { photoUrl: profile.photoUrl } : {}),
    // Telegram's language only fills a gap: a choice made in Profile is the player's and stays.
    ...(language && !existing.language ? { language } : {}),
  };
  if (Object.keys(changes).length === 0) return { user: existing, created: false };
  const [updated] = await db.update(users).set(changes).where(eq(users.id, existing.id)).returning();
  return { user: updated ?? existing, created: false };
}

async function newTelegramAccount(db: Queryable, profile: TelegramProfile, inviteReference: string | null | undefined): Promise<UserRow> {
  const wanted = profile.username && /^[A-Za-z0-9_]{3,32}$/.test(profile.username) ? profile.username : undefined;
  let username = wanted && (await isUsernameFree(db, wanted)) ? wanted : `tg${profile.id}`;
  // Someone may have registered "tg<id>" by hand: never fail a Telegram login over a name. (A free
  // Telegram username was just asked about: asking again was a round trip per newcomer.)
  if (username !== wanted && !(await isUsernameFree(db, username))) username = `tg${profile.id}_${newInviteCode().slice(0, 5)}`;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ').replace(/[<>]/g, '').trim();
  return createUser(db, {
    username,
    nickname: (fullName || username).slice(0, 32),
    telegramId: profile.id,
    photoUrl: profile.photoUrl ?? null,
    invitedBy: await findInviter(db, inviteReference),
    language: supportedLanguage(profile.languageCode),
  });
}

/** Checks a Login Widget redirect's `hash` as Telegram's widget documentation prescribes. */
export function widgetDataIsValid(fields: Record<string, string>, botToken: string, nowSeconds: number): boolean {
  const { hash, ...signed } = fields;
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return false;
  const authDate = Number(signed.auth_date);
  if (!Number.isInteger(authDate) || nowSeconds - authDate > MAX_AGE_SECONDS || authDate - nowSeconds > 60) return false;
  const checkString = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

// The widget's fields; referrerId is ours (added to the auth URL), so it is not part of what Telegram signed.
const widgetQuery = z
  .object({
    id: z.string().regex(/^\d{1,20}$/),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.string().regex(/^\d{1,12}$/),
    hash: z.string().max(128),
    referrerId: z.string().max(64).optional(),
  })
  .strict();

export async function telegramRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, authLimits } = app.services;

  function botToken(): string {
    if (!config.botToken) throw new HttpError(503, validationText.telegramOff);
    return config.botToken;
  }

  /** Opens the player's session and records its start; the caller hands the token over. */
  async function signIn(request: FastifyRequest, user: UserRow, deviceId: string | null): Promise<string> {
    const token = await openPlayerSession(app.services, user.id);
    await noteSessionStart(db, request.log, { userId: user.id, source: 'telegram', ip: request.ip, deviceId, telegramId: user.telegramId });
    return token;
  }

  // The Mini App's sign-in answers the session token in its body and sets no cookie: inside Telegram
  // Web's cross-site frame a cookie is never sent, so the app keeps the token in memory and sends it as
  // `Authorization: Bearer` (README, "Sessions").
  app.post('/auth/telegram', countSignIns(app.services.metrics, 'telegram', async (request) => {
    const token = botToken();
    const body = parseInput(telegramAuthBody, request.body);
    const deviceId = deviceIdOf(request);
    let profile: TelegramProfile;
    let startParam: string | undefined;
    try {
      validate(body.initData, token, { expiresIn: MAX_AGE_SECONDS });
      // The parser returns Telegram's own snake_case keys at run time.
      const data = parse(body.initData) as unknown as { user?: Record<string, unknown>; start_param?: unknown };
      const user = data.user;
      if (!user || typeof user.id !== 'number') throw new Error('init data carries no user');
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      profile = {
        id: user.id,
        username: text(user.username),
        firstName: text(user.first_name),
        lastName: text(user.last_name),
        photoUrl: text(user.photo_url),
        languageCode: text(user.language_code),
      };
      startParam = text(data.start_param);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'telegram init data refused');
      throw new HttpError(401, validationText.telegramInvalid);
    }
    // Signed by Telegram: never refused for the volume of its address (a carrier's CGNAT puts thousands
    // of phones behind one), only for that account's own.
    await authLimits.telegramSignIn(profile.id);
    const { user, created } = await telegramAccount(db, profile, startParam ?? body.referrerId);
    if (created) announceFriend(app.services, user);
    const sessionToken = await signIn(request, user, deviceId);
    request.log.info({ userId: user.id }, 'player signed in with telegram');
    return { user: created ? newUserEntity(config, user) : await userEntity(db, config, user), sessionToken };
  }));

  app.get('/auth/telegram', countSignIns(app.services.metrics, 'telegram-widget', async (request, reply) => {
    const token = botToken();
    const query = widgetQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(401, validationText.telegramInvalid);
    const { referrerId, ...fields } = query.data;
    const signed = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
    if (!widgetDataIsValid(signed, token, Math.floor(Date.now() / 1000))) {
      throw new HttpError(401, validationText.telegramInvalid);
    }
    const profile: TelegramProfile = {
      id: Number(fields.id),
      username: fields.username,
      firstName: fields.first_name,
      lastName: fields.last_name,
      photoUrl: fields.photo_url,
    };
    await authLimits.telegramSignIn(profile.id);
    const { user, created } = await telegramAccount(db, profile, referrerId);
    if (created) announceFriend(app.services, user);
    // A redirect from Telegram's widget is a plain navigation: it carries no device id.
    setSessionCookie(reply, config, PLAYER_COOKIE, await signIn(request, user, null));
    return reply.redirect('/game');
  }));
}
