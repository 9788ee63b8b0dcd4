import { randomBytes } from 'node:crypto';
import { DEVICE_ID_HEADER, type RiskFlag, type RiskFlagKind, type RiskFlagStatus } from '../../protocol/integrity.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { riskRound } from '../../server/integrity/flags.ts';
import { tronAddressFromHex } from '../../server/wallet/tronAddress.ts';
import { credit, pairedRps, playRpsToEnd, type Player } from './gameHarness.ts';
import { addressOf, cookieOf, uniqueName, type TestApp } from './harness.ts';

/**
 * Helpers for the risk-flag suites (tests/server/integrity-flags*.test.ts): sign-ins from a chosen IP
 * and device, a paid game played through the app, and an operator reading the flag list.
 */

/** A device id of the app's shape (32 hex digits), new each call. */
export const newDeviceId = (): string => randomBytes(16).toString('hex');

/** A valid TRC20 address no other test uses. */
export const newTronAddress = (): string => tronAddressFromHex(randomBytes(20).toString('hex'));

/** An IP outside 10/8, so addressOf (each test player's own IP) never hands it out; new each call. */
let ips = 0;
export function newIp(): string {
  ips += 1;
  return `198.51.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
}

/**
 * Each account made here gets an IP of its own from newIp(), kept for its later sign-ins, so a scenario
 * decides exactly which accounts share an address.
 */
const homeIps = new Map<string, string>();
export const homeIpOf = (user: { username: string }): string => homeIps.get(user.username) ?? addressOf(user.username);

/** The app's sign-in as a phone does it: from `ip` (else the account's own), with the device id header when given. */
export function loginRequest(t: TestApp, username: string, from: { ip?: string; deviceId?: string }, password = 'correct-horse') {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: from.ip ?? homeIpOf({ username }),
    headers: from.deviceId === undefined ? {} : { [DEVICE_ID_HEADER]: from.deviceId },
  });
}

/** Signs the player in again from `ip` / `deviceId` and returns the new session cookie. */
export async function signInFrom(t: TestApp, player: { username: string }, from: { ip?: string; deviceId?: string }): Promise<string> {
  const res = await loginRequest(t, player.username, from);
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** POST /api/register from `ip` (else a new one, the account's own from then on) / `deviceId`, with an invite code when given. */
export function registerRequest(t: TestApp, fields: { username?: string; invitedBy?: string; ip?: string; deviceId?: string }) {
  const username = fields.username ?? uniqueName('ri');
  const ip = fields.ip ?? newIp();
  if (!homeIps.has(username)) homeIps.set(username, ip);
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.com`, password: 'correct-horse', ...(fields.invitedBy ? { invitedBy: fields.invitedBy } : {}) },
    remoteAddress: ip,
    headers: fields.deviceId === undefined ? {} : { [DEVICE_ID_HEADER]: fields.deviceId },
  });
}

export async function registered(t: TestApp, fields: Parameters<typeof registerRequest>[1]): Promise<{ id: string; username: string }> {
  const res = await registerRequest(t, fields);
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode} ${res.body}`);
  return { id: res.json().user._id, username: res.json().user.username };
}

/** A signed-in player on an IP of their own, with `usdt` credited through the real deposit path. */
export async function player(t: TestApp, usdt = 10): Promise<Player> {
  const user = await registered(t, {});
  const cookie = await signInFrom(t, user, {});
  if (usdt > 0) await credit(t, user.id, usdt);
  return { ...user, cookie };
}

/** One paid RPS game (1 USDT) played through the app to its end: `winner` beats `loser`. */
export async function paidGame(t: TestApp, winner: Player, loser: Player): Promise<string> {
  const gameId = await pairedRps(t.app, winner, loser, 1);
  await playRpsToEnd(t, winner, loser, gameId);
  return gameId;
}

/** Two funded players (10 USDT each) who have played one paid game against each other. */
export async function playersWhoMet(t: TestApp): Promise<[Player, Player, string]> {
  const [a, b] = await Promise.all([player(t), player(t)]);
  return [a, b, await paidGame(t, a, b)];
}

/**
 * One risk round that had the turn: how many flags it wrote. A round skips (null) while another holds
 * the round's advisory lock, and on PostgreSQL that lock is the database's, not the schema's, so a test
 * file running at the same time in another schema can hold it for a moment: try again until ours runs.
 */
export async function roundWithTurn(t: TestApp): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const written = await riskRound(t.app.services);
    if (written !== null) return written;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the risk round never had the turn');
}

/** An operator's admin_sid cookie, through POST /api/admin/login. */
export async function operatorCookie(t: TestApp, username = 'risk-op'): Promise<string> {
  await ensureOperator(t.database.db, username, 'operator-pass');
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password: 'operator-pass' } });
  return cookieOf(res, 'admin_sid');
}

export function getFlags(t: TestApp, cookie: string | undefined, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/admin/risk/flags?${query}`, headers: cookie ? { cookie } : {} });
}

/** Every flag of the kind and status, through the paged list. */
export async function allFlags(t: TestApp, cookie: string, kind: RiskFlagKind, status: RiskFlagStatus = 'open'): Promise<RiskFlag[]> {
  const flags: RiskFlag[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getFlags(t, cookie, `kind=${kind}&status=${status}&page=${page}`);
    if (res.statusCode !== 200) throw new Error(`flags ${res.statusCode} ${res.body}`);
    const answer = res.json() as { flags: RiskFlag[]; totalFlags: number };
    flags.push(...answer.flags);
    if (answer.flags.length === 0 || flags.length >= answer.totalFlags) return flags;
  }
}

/** The flags of the kind and status that name every one of `userIds`. */
export async function flagsNaming(t: TestApp, cookie: string, kind: RiskFlagKind, userIds: string[], status: RiskFlagStatus = 'open'): Promise<RiskFlag[]> {
  return (await allFlags(t, cookie, kind, status)).filter((flag) => userIds.every((id) => flag.userIds.includes(id)));
}

/** Two accounts as the pair detectors order them (uuid order is the order of their lowercase text). */
export function pairOf<T extends { id: string }>(a: T, b: T): [T, T] {
  return a.id < b.id ? [a, b] : [b, a];
}

export function dismiss(t: TestApp, cookie: string, flagId: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/admin/risk/flags/${flagId}/dismiss`, headers: { cookie }, payload: payload as object });
}
