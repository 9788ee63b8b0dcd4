import fc from 'fast-check';
import type { z } from 'zod';
import { adminLoginBody, forgotPasswordBody, loginBody, registerBody, resetPasswordBody, telegramAuthBody } from '../../protocol/auth.ts';
import { backgammonMoveBody } from '../../protocol/backgammon.ts';
import { blotFinalTrumpDecisionBody, blotMakeMoveBody, blotTrumpDecisionBody, blotTrumpSelectionBody } from '../../protocol/blot.ts';
import { carromMoveBody } from '../../protocol/carrom.ts';
import { chatPresets } from '../../protocol/constants.ts';
import { clientSeedBody } from '../../protocol/fairnessProof.ts';
import { gameRef, startGameBody } from '../../protocol/game.ts';
import { affiliateRequestBody, affiliateSettingBody, claimTaskBody } from '../../protocol/growth.ts';
import { rpsMoveBody } from '../../protocol/rps.ts';
import { updateLanguageBody, updateProfileBody } from '../../protocol/user.ts';
import { devDepositBody, saveAddressBody, withdrawBody } from '../../protocol/wallet.ts';

/**
 * Generators of malformed input for tests/server/fuzz.test.ts: JSON bodies (written out by hand, so a
 * body can hold `1e999`, duplicate keys or a literal `__proto__` key, which JSON.stringify cannot
 * produce), raw non-JSON bodies, wrong content types, query strings, path segments, socket payloads.
 */

/** A JSON number written exactly as given (`1e999` parses to Infinity, `-0`, 30-digit integers). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** A JSON object as its written entries, in order: duplicate keys and `__proto__` stay as written. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, Json])[]) {}
}

export type Json = null | boolean | number | string | RawNumber | JsonObject | readonly Json[];

export function toJsonText(value: Json): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** What a server would see after JSON.parse (a literal `__proto__` key becomes an own property). */
export function toPlain(value: Json): unknown {
  return JSON.parse(toJsonText(value)) as unknown;
}

/** True when any string anywhere in the value (keys too) holds a NUL character. A loop: bodies nest 20 000 deep. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [key, v] of Object.entries(next)) stack.push(key, v);
    }
  }
  return false;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the three bytes UTF-8 would give it: invalid UTF-8, which is the point. */
export function encodeLoosely(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[^]/g, (unit) => {
    try {
      return encodeURIComponent(unit);
    } catch {
      const code = unit.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  });
}

/** Keys that poison prototypes when a server merges a body into an object carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'] as const;

const PRINTABLE = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));

/** Printable ASCII only: what an HTTP header value may carry at all. */
export const headerText = (maxLength = 120) => fc.string({ unit: fc.constantFrom(...PRINTABLE), maxLength });

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      'Hello!\u0000',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e999',
      '-1',
      '0x1F',
      '1,5',
      ' 1 ',
      '-0',
      'true',
      'null',
      'undefined',
      '[object Object]',
      '__proto__',
      '<script>alert(1)</script>',
      "'; DROP TABLE users; --",
      '%00',
      '../../etc/passwd',
      '\ud800',
      '\udfff\ud800',
      '\u202e\u0301',
      '🎲'.repeat(40),
      'T'.repeat(34),
      '2024-13-45T99:99:99Z',
      '9999-12-31T23:59:59.999+14:00',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 5_000 }).map((n) => 'x'.repeat(n)) },
);

export const nastyNumber: fc.Arbitrary<number | RawNumber> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Edges: PostgreSQL integer (2^31), micro-USDT past 2^53 (9007199255 USDT), doubles' ends.
  fc.constantFrom(-1, 0, 1, 1.5, 3, 5, 10, 2 ** 31, 2 ** 32, 9_007_199_255, 1e10, 1e15, 1e20, 1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 5e-324, 0.1234567, 1.0000001, -1e-7),
  fc.constantFrom('1e999', '-1e999', '1e-400', '-0', '123456789012345678901234567890', '0.00000000000000000000001').map((text) => new RawNumber(text)),
);

/**
 * Any JSON value, leaning on the field names and values a route really uses, so many bodies look
 * almost right: the right keys with the wrong types, a real id next to a broken one.
 */
export function nastyValue(fields: readonly string[], plausible: readonly Json[]): fc.Arbitrary<Json> {
  const keys = fc.oneof(
    { weight: 6, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const leaf: fc.Arbitrary<Json> = fc.oneof(
    { weight: 3, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: plausible.length ? fc.constantFrom(...plausible) : fc.constant(null) },
  );
  const { value } = fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'json' },
      { weight: 5, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'json' }) },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(keys, tie('value')), { maxLength: 5, depthIdentifier: 'json' }).map((entries) => new JsonObject(entries)),
      },
    ),
  }));
  return value;
}

/** An object with (some of) the route's own field names, each holding a generated value, plus extra keys. */
export function fieldObject(fields: readonly string[], plausible: readonly Json[]): fc.Arbitrary<JsonObject> {
  const value = nastyValue(fields, plausible);
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fields.length ? fc.constantFrom(...fields) : fc.constant('x'));
  return fc
    .tuple(
      fc.tuple(...fields.map((field) => fc.option(value.map((v) => [field, v] as const), { freq: 4, nil: null }))),
      fc.array(fc.tuple(extraKey, value), { maxLength: 2 }),
    )
    .map(([own, extra]) => new JsonObject([...own.filter((entry): entry is readonly [string, Json] => entry !== null), ...extra]));
}

type Path = readonly (string | number)[];

/** A plain value (an example body) as a Json tree. */
export function fromPlain(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value && typeof value === 'object') return new JsonObject(Object.entries(value).map(([key, v]) => [key, fromPlain(v)] as const));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return null;
}

/** Every place in a tree a mutation can hit: each field, each element, at any depth. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value instanceof JsonObject) return value.entries.flatMap(([key, v]) => [[...prefix, key], ...pathsOf(v, [...prefix, key])]);
  if (Array.isArray(value)) return value.flatMap((v: Json, i: number) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  return [];
}

const at = (value: Json, path: Path): Json | undefined => {
  let here: Json | undefined = value;
  for (const step of path) {
    if (here instanceof JsonObject) here = here.entries.find(([key]) => key === step)?.[1];
    else if (Array.isArray(here) && typeof step === 'number') here = (here as readonly Json[])[step];
    else return undefined;
  }
  return here;
};

/** The tree with the value at `path` replaced, or removed when `next` is undefined. */
function setAt(value: Json, path: Path, next: Json | undefined): Json {
  const [step, ...rest] = path;
  if (step === undefined) return next ?? null;
  if (value instanceof JsonObject) {
    const entries = value.entries.flatMap(([key, v]) => {
      if (key !== step) return [[key, v] as const];
      if (rest.length === 0 && next === undefined) return [];
      return [[key, setAt(v, rest, next)] as const];
    });
    return new JsonObject(entries);
  }
  if (Array.isArray(value)) {
    const list = value as readonly Json[];
    if (rest.length === 0 && next === undefined) return list.filter((_, i) => i !== step);
    return list.map((v, i) => (i === step ? setAt(v, rest, next) : v));
  }
  return value;
}

/** The example once per string in it (at any depth), with a NUL in the middle of that string. */
export function withNulEach(example: Record<string, unknown>): { path: string; body: Json }[] {
  const tree = fromPlain(example);
  return pathsOf(tree).flatMap((path) => {
    const current = at(tree, path);
    if (typeof current !== 'string') return [];
    const middle = Math.floor(current.length / 2);
    return [{ path: path.join('.'), body: setAt(tree, path, `${current.slice(0, middle)}\u0000${current.slice(middle)}`) }];
  });
}

/** What can be spliced into a string that is otherwise fine. */
const splice = fc.constantFrom('\u0000', '\ud800', '\u202e', '%00', '<>', ' ', '\n', 'x'.repeat(5_000), '🎲', "'", '\\');

/**
 * A valid example with one thing wrong: a field (at any depth) replaced by a generated value, dropped,
 * given a NUL or another odd character, or an extra key beside it. These reach past the first check a
 * route makes, where wrong types alone stop at once.
 */
export function mutatedExample(example: Record<string, unknown>, fields: readonly string[], plausible: readonly Json[]): fc.Arbitrary<Json> {
  const tree = fromPlain(example);
  const paths = pathsOf(tree);
  const value = nastyValue(fields, plausible);
  if (paths.length === 0) return value;
  const path = fc.constantFrom(...paths);
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 }));
  return fc.oneof(
    { weight: 4, arbitrary: path.chain((p) => replacementFor(at(tree, p), value).map((v) => setAt(tree, p, v))) },
    { weight: 2, arbitrary: path.map((p) => setAt(tree, p, undefined)) },
    {
      weight: 3,
      arbitrary: fc.tuple(path, splice, fc.nat()).map(([p, odd, where]) => {
        const current = at(tree, p);
        if (typeof current !== 'string') return setAt(tree, p, odd);
        const i = where % (current.length + 1);
        return setAt(tree, p, current.slice(0, i) + odd + current.slice(i));
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(extraKey, value).map(([key, v]) => new JsonObject([...(tree instanceof JsonObject ? tree.entries : []), [key, v]])),
    },
  );
}

const NUMERIC = /^-?\d/;

/** A wrong value of the kind most likely to slip through: numbers for a number, strings for a string. */
function replacementFor(current: Json | undefined, value: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  if (typeof current === 'number' || (typeof current === 'string' && NUMERIC.test(current))) {
    return fc.oneof({ weight: 3, arbitrary: nastyNumber }, { weight: 1, arbitrary: nastyString }, { weight: 1, arbitrary: value });
  }
  if (typeof current === 'string') return fc.oneof({ weight: 2, arbitrary: nastyString }, { weight: 1, arbitrary: value });
  return value;
}

const numberText = nastyNumber.map((n) => (n instanceof RawNumber ? n.text : String(n)));

/** A valid query with one parameter wrong, missing, repeated, or spliced with an odd character. */
export function mutatedQuery(example: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(example);
  const odd = fc.constantFrom(...keys).chain((key) =>
    (NUMERIC.test(example[key] ?? '') ? fc.oneof({ weight: 3, arbitrary: numberText }, { weight: 1, arbitrary: nastyString }) : fc.oneof(nastyString, numberText)).map(
      (v) => [key, v] as const,
    ),
  );
  const write = (pairs: [string, string][]) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join('&')}` : '');
  const pairs = Object.entries(example);
  if (keys.length === 0) return fc.constant('');
  return fc.oneof(
    { weight: 4, arbitrary: odd.map(([key, v]) => write(pairs.map(([k, x]) => [k, k === key ? v : x]))) },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((key) => write(pairs.filter(([k]) => k !== key))) },
    { weight: 1, arbitrary: odd.map(([key, v]) => write([...pairs, [key, v]])) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...keys), splice).map(([key, o]) => write(pairs.map(([k, x]) => [k, k === key ? `${x}${o}` : x]))),
    },
  );
}

export interface HttpPayload {
  contentType: string | undefined;
  text: string;
  /** The JSON a parser would hand the route, when the text is JSON sent as JSON. */
  json?: Json;
}

const JSON_TYPE = 'application/json';

const deep = (n: number, inner: string) => '['.repeat(n) + inner + ']'.repeat(n);

/** Text that is not JSON (or is JSON a safe parser must refuse), sent as application/json. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"gameId":',
    '[1,2',
    'nul',
    'undefined',
    "{'a':1}",
    '{"a":1}}',
    '{"a":1} trailing',
    '\u0000',
    '\ufeff{}',
    'NaN',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":01}',
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"gameId":{"__proto__":{"isAdmin":true}}}',
    '[{"__proto__":null}]',
    deep(20_000, '1'),
    deep(20_000, '{"constructor":{"prototype":{}}}'),
    deep(20_000, '{"__proto__":{}}'),
  ),
  fc.string({ maxLength: 60 }),
);

/**
 * A request body: generated JSON with the route's field names (most often), any JSON value at all,
 * text that is not JSON, JSON under a wrong content type, and a body past the size limit.
 */
export function bodyPayload(fields: readonly string[], plausible: readonly Json[], example?: Record<string, unknown>): fc.Arbitrary<HttpPayload> {
  const value = nastyValue(fields, plausible);
  const asJson = (json: Json): HttpPayload => ({ contentType: JSON_TYPE, text: toJsonText(json), json });
  return fc.oneof(
    { weight: example ? 8 : 0, arbitrary: example ? mutatedExample(example, fields, plausible).map(asJson) : fc.constant(asJson(null)) },
    { weight: example ? 4 : 8, arbitrary: fieldObject(fields, plausible).map(asJson) },
    { weight: 3, arbitrary: value.map(asJson) },
    { weight: 2, arbitrary: brokenJson.map((text) => ({ contentType: JSON_TYPE, text })) },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          undefined,
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=----fuzz',
          'application/xml',
          'application/octet-stream',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          'application/jsonx',
          'text/json',
          'application/vnd.api+json',
          ';;;',
          'application/json, text/plain',
        ),
        text: fc.oneof(fieldObject(fields, plausible).map(toJsonText), fc.constantFrom('gameId=x&betAmount=1', '<a>1</a>', '------fuzz--'), fc.string({ maxLength: 40 })),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: JSON_TYPE, text: `{"a":"${'x'.repeat(1_100_000)}"}` }) },
  );
}

/** A query string (with its `?`, or empty): the route's own keys and random ones, values encoded or not. */
export function queryString(fields: readonly string[], plausible: readonly Json[], example?: Record<string, string>): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, 'a[b]', 'a[__proto__][x]', 'page[]') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const plain = fc.oneof(nastyString, nastyNumber.map((n) => (n instanceof RawNumber ? n.text : String(n))), plausible.length ? fc.constantFrom(...plausible).map(toQueryValue) : fc.constant(''));
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, plain).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '=', '&&', '==1', 'page', 'limit=', '%00=%00', 'search=%25%5F%5C') },
    { weight: 1, arbitrary: fc.tuple(key, fc.string({ maxLength: 20 })).map(([k, v]) => `${k}=${v}`.replace(/[#\s]/g, '')) },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: example ? 8 : 0, arbitrary: example ? mutatedQuery(example) : fc.constant('') },
  );
}

function toQueryValue(value: Json): string {
  return typeof value === 'string' ? value : toJsonText(value);
}

/** One path segment for a `:param`: ids that are not ids, traversal, bad percent-encoding, unicode. */
export function pathSegment(ids: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '',
        '%20',
        '..',
        '..%2F..%2Fetc%2Fpasswd',
        '../',
        '%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AE%C0%AE',
        'null',
        'undefined',
        '0',
        '-1',
        '1e999',
        'NaN',
        '__proto__',
        'constructor',
        '00000000-0000-0000-0000-000000000000',
        '00000000-0000-4000-8000-00000000000G',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '{id}',
        ':id',
        '*',
        '%3Cscript%3E',
        ';',
      ),
    },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid() },
    { weight: 1, arbitrary: ids.length ? fc.constantFrom(...ids).map((id) => id.toUpperCase()) : fc.uuid() },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map(encodeLoosely) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeLoosely) },
    { weight: 1, arbitrary: fc.integer({ min: 65, max: 4000 }).map((n) => 'a'.repeat(n)) },
  );
}

/**
 * What the fuzz knows of a route beyond its method and URL (which come from the app itself): the
 * body's field names (at any depth), the query's keys, and the body shape that is a real action.
 * A route not listed here is still fuzzed, with generic field names.
 */
export interface RouteSpec {
  fields?: readonly string[];
  query?: readonly string[];
  /**
   * A body this schema accepts (and that carries no NUL) is a legal request that does something, e.g.
   * a funded idle player's well-formed start-game joins a queue: the fuzz does not send those.
   */
  acts?: z.ZodType;
  /**
   * The schema the route checks its body with, if any: a 2xx answer to a body it refuses would mean the
   * route acted on malformed input.
   */
  body?: z.ZodType;
  /**
   * With a body the schema accepts that names the live RPS game, its player really moves or leaves:
   * the fuzz does not send those as that player.
   */
  rps?: true;
  /** A well-formed body, for the one-thing-wrong mutations. */
  example?: (ctx: ExampleContext) => Record<string, unknown>;
  /** A well-formed query, likewise. */
  queryExample?: (ctx: ExampleContext) => Record<string, string>;
}

/** Real values of the test's world, so examples are well-formed. */
export interface ExampleContext {
  gameId: string;
  userId: string;
  username: string;
  address: string;
}

const move = ['gameId', 'v'] as const;
const range = { startDate: '2024-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00+04:00' };
const usersQueryExample = { page: '1', limit: '10', search: 'fu', minBalance: '1' };

export const routeSpecs: Record<string, RouteSpec> = {
  'POST /api/register': {
    fields: ['username', 'email', 'password', 'invitedBy'],
    acts: registerBody,
    body: registerBody,
    example: () => ({ username: 'fuzzer_1', email: 'fuzzer@example.com', password: 'correct-horse-1', invitedBy: 'abc' }),
  },
  'POST /api/login': { fields: ['username', 'password', 'referrerId'], body: loginBody, example: (c) => ({ username: c.username, password: 'not-the-password', referrerId: null }) },
  'POST /api/logout': {},
  'GET /api/protected': {},
  'POST /api/forgot-password': { fields: ['email'], acts: forgotPasswordBody, body: forgotPasswordBody, example: () => ({ email: 'nobody@example.com' }) },
  'POST /api/reset-password': { fields: ['token', 'password'], body: resetPasswordBody, example: () => ({ token: 'a'.repeat(43), password: 'correct-horse-2' }) },
  'POST /api/auth/telegram': {
    fields: ['initData', 'referrerId'],
    body: telegramAuthBody,
    example: () => ({ initData: 'user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=00', referrerId: 'abc' }),
  },
  'GET /api/auth/telegram': {
    query: ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash', 'referrerId'],
    queryExample: () => ({ id: '1', first_name: 'Fuzz', username: 'fuzz', auth_date: '1700000000', hash: '00' }),
  },
  'GET /api/user/:id': {},
  'POST /api/update-profile': { fields: ['nickname', 'country'], acts: updateProfileBody, body: updateProfileBody, example: () => ({ nickname: 'Fuzz', country: 'AM' }) },
  'POST /api/update-language': { fields: ['language'], acts: updateLanguageBody, body: updateLanguageBody, example: () => ({ language: 'hy' }) },
  'GET /api/statistics': {},
  'GET /api/wallet/wallet-address': {},
  'POST /api/wallet/save-address': { fields: ['savedAddress'], acts: saveAddressBody, body: saveAddressBody, example: (c) => ({ savedAddress: c.address }) },
  'POST /api/wallet/remove-address': {},
  'POST /api/withdraw': { fields: ['userId', 'amount'], body: withdrawBody, example: (c) => ({ userId: c.userId, amount: 2 }) },
  'GET /api/transactions/:userId': {},
  'POST /api/dev/deposit': {
    fields: ['address', 'amount', 'currency', 'txId'],
    acts: devDepositBody,
    body: devDepositBody,
    example: (c) => ({ address: c.address, amount: 1, currency: 'USDT', txId: 'ab'.repeat(16) }),
  },
  'POST /api/start-game': {
    fields: ['betAmount', 'gameMode', 'socketId', 'isRematch'],
    acts: startGameBody,
    body: startGameBody,
    example: () => ({ betAmount: 1, gameMode: 'rps', socketId: 'socket-1', isRematch: false }),
  },
  'POST /api/cancel-search': {},
  'GET /api/current-game': {},
  'POST /api/rps-move': { fields: [...move, 'choice', 'round'], body: rpsMoveBody, rps: true, example: (c) => ({ gameId: c.gameId, choice: 'rock', round: 1, v: 1 }) },
  'POST /api/move-backgammon-checker': {
    fields: [...move, 'moves', 'currentPoint', 'targetPoint', 'diceUsed'],
    body: backgammonMoveBody,
    example: (c) => ({ gameId: c.gameId, moves: [{ currentPoint: 1, targetPoint: 3, diceUsed: 2 }], v: 1 }),
  },
  'POST /api/make-carrom-move': {
    fields: [...move, 'move', 'playerId', 'strikerPosition', 'angle', 'speed', 'hitStrength'],
    body: carromMoveBody,
    example: (c) => ({ gameId: c.gameId, move: { playerId: c.userId, strikerPosition: 150, angle: -1.57, speed: 300, hitStrength: 30 }, v: 1 }),
  },
  'POST /api/blot/make-move': {
    fields: [...move, 'card', '_id', 'value', 'suit', 'combinationDecision', 'type'],
    body: blotMakeMoveBody,
    example: (c) => ({ gameId: c.gameId, card: { _id: 'J-hearts', value: 'J', suit: 'hearts' }, combinationDecision: 'announce', v: 1 }),
  },
  'POST /api/blot/trump-decision': { fields: [...move, 'takeCard', 'type'], body: blotTrumpDecisionBody, example: (c) => ({ gameId: c.gameId, takeCard: true }) },
  'POST /api/blot/trump-selection': { fields: [...move, 'suit', 'type'], body: blotTrumpSelectionBody, example: (c) => ({ gameId: c.gameId, suit: 'hearts' }) },
  'POST /api/blot/final-trump-decision': { fields: [...move, 'withCard', 'type'], body: blotFinalTrumpDecisionBody, example: (c) => ({ gameId: c.gameId, withCard: false }) },
  'POST /api/leave-rps-game': { fields: move, body: gameRef, rps: true, example: (c) => ({ gameId: c.gameId }) },
  'POST /api/leave-belote-game': { fields: move, body: gameRef, example: (c) => ({ gameId: c.gameId }) },
  'POST /api/leave-carrom-game': { fields: move, body: gameRef, example: (c) => ({ gameId: c.gameId }) },
  'POST /api/leave-backgammon-game': { fields: move, body: gameRef, example: (c) => ({ gameId: c.gameId }) },
  // The fuzzed game has made its first draw (the test apps draw at once): even a well-formed seed is a 409.
  'POST /api/games/:gameId/client-seed': { fields: ['clientSeed'], body: clientSeedBody, example: () => ({ clientSeed: 'ab'.repeat(16) }) },
  'GET /api/played-games-history/:userId': {},
  'GET /api/score-history': {},
  'GET /api/invite-link': {},
  'POST /api/invite-message': {},
  'GET /api/friends': {},
  'POST /api/claim-rewards': {},
  'GET /api/tasks': {},
  'POST /api/claim-task-reward': { fields: ['taskId'], body: claimTaskBody, example: () => ({ taskId: 'win_100_games' }) },
  'POST /api/affiliate-program/request': {
    fields: ['channelName', 'email', 'additionalNotes'],
    acts: affiliateRequestBody,
    body: affiliateRequestBody,
    example: () => ({ channelName: 'fuzz channel', email: 'fuzzer@example.com', additionalNotes: 'notes' }),
  },
  'POST /api/telegram/webhook/:secret': {
    fields: ['update_id', 'message', 'text', 'chat', 'from', 'id', 'type', 'message_id', 'date'],
    example: () => ({
      update_id: 1,
      message: { message_id: 1, date: 1700000000, chat: { id: 1, type: 'private' }, from: { id: 1, is_bot: false, first_name: 'F' }, text: '/start abc' },
    }),
  },
  'GET /api/health': {},
  'GET /api/ready': {},
  'GET /api/config': {},
  'POST /api/admin/login': { fields: ['username', 'password'], body: adminLoginBody, example: () => ({ username: 'fuzz-desk', password: 'not-the-password' }) },
  'GET /api/admin/session': {},
  'POST /api/admin/logout': {},
  'GET /api/admin/ongoing-games': {},
  'GET /api/admin/queues': {},
  'POST /api/admin/games/:id/cancel': {},
  'GET /api/admin/games/:id/log': {},
  'POST /api/admin/users/:id/affiliate': {
    fields: ['isAffiliate', 'affiliatePercentage'],
    acts: affiliateSettingBody,
    body: affiliateSettingBody,
    example: () => ({ isAffiliate: true, affiliatePercentage: 5 }),
  },
  'GET /api/admin/completed-games': { query: ['startDate', 'endDate', 'page', 'limit', 'search'], queryExample: () => ({ ...range, page: '1', limit: '10', search: 'fu' }) },
  'GET /api/admin/total-bets': { query: ['startDate', 'endDate'], queryExample: () => range },
  'GET /api/admin/users': { query: ['page', 'limit', 'search', 'minBalance'], queryExample: () => usersQueryExample },
  'GET /api/admin/users/export': { query: ['page', 'limit', 'search', 'minBalance'], queryExample: () => usersQueryExample },
  'GET /api/admin/users/:id/transactions/export': {},
};

/** Field names for a route the table above does not know. */
export const GENERIC_FIELDS = ['id', 'userId', 'gameId', 'amount', 'type', 'data', 'value', 'name'] as const;

/** Values a real client would send somewhere, to mix into generated bodies and queries. */
export const PLAUSIBLE_CONSTANTS: readonly Json[] = [
  'rps',
  'blot',
  'carrom',
  'backgammon',
  'rock',
  'paper',
  'scissors',
  'hearts',
  'pass',
  'anxoz',
  'J',
  '7',
  'announce',
  'USDT',
  'TRX',
  'invite_20_friends',
  'AM',
  ...chatPresets,
  'correct-horse',
  'someone@example.com',
  '2024-01-01T00:00:00Z',
  0,
  1,
  3,
  5,
  1.5,
  2,
  true,
  false,
];
