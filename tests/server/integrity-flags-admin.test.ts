import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riskFlagKinds, type RiskFlag } from '../../protocol/integrity.ts';
import { riskRound } from '../../server/integrity/flags.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { inviteCodeOf, seedFinishedGame } from './integrityKit.ts';
import {
  allFlags,
  dismiss,
  flagsNaming,
  homeIpOf,
  getFlags,
  newDeviceId,
  newIp,
  newTronAddress,
  operatorCookie,
  player,
  registered,
  roundWithTurn,
  signInFrom,
} from './integrityFlagsKit.ts';

const MINUTE = 60_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

for (const kind of databaseKinds) {
  describe(`risk rounds and the operator's flag routes [${kind}]`, () => {
    let t: TestApp;
    let op: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      op = await operatorCookie(t);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const round = () => roundWithTurn(t);
    /** Two fresh accounts with `games` paid games together in the last hour (3: a pair-repeat once a round runs). */
    async function repeatedPair(games = 3): Promise<[{ id: string; username: string }, { id: string; username: string }, string[]]> {
      const [x, y] = await Promise.all([registered(t, {}), registered(t, {})]);
      const ids: string[] = [];
      for (let i = 0; i < games; i += 1) ids.push(await seedFinishedGame(t, { winnerId: x.id, loserId: y.id, betMicro: 1_000_000n, endReason: null, agoMs: (games - i) * MINUTE }));
      return [x, y, ids];
    }
    /** The one pair-repeat flag of the two accounts with that status. */
    async function pairFlag(x: { id: string }, y: { id: string }, status: 'open' | 'dismissed' = 'open'): Promise<RiskFlag> {
      const found = await flagsNaming(t, op, 'pair-repeat', [x.id, y.id], status);
      expect(found).toHaveLength(1);
      return found[0]!;
    }
    /** Every flag the list holds, open and dismissed, of every kind. */
    async function everyFlag(): Promise<RiskFlag[]> {
      const all: RiskFlag[] = [];
      for (const flagKind of riskFlagKinds) all.push(...(await allFlags(t, op, flagKind, 'open')), ...(await allFlags(t, op, flagKind, 'dismissed')));
      return all;
    }
    const statusOf = async (flagId: string) => (await rows<{ status: string }>(t.database, sql`SELECT status FROM risk_flags WHERE id = ${flagId}::uuid`))[0]?.status;

    it('writes each signal once: a second round writes nothing and leaves every flag as it was', async () => {
      // pair-repeat, shared-ip and shared-device for one pair, leave-dump for another, a reward-farm.
      const [x, y] = await repeatedPair();
      const [ip, device] = [newIp(), newDeviceId()];
      for (const who of [x, y]) await signInFrom(t, who, { ip, deviceId: device });
      const [leaver, stayer] = await Promise.all([registered(t, {}), registered(t, {})]);
      for (const agoMs of [2 * MINUTE, MINUTE]) await seedFinishedGame(t, { winnerId: stayer.id, loserId: leaver.id, betMicro: 1_000_000n, endReason: 'opponent-left', agoMs });
      const inviter = await registered(t, {});
      const code = await inviteCodeOf(t, inviter.id);
      for (let i = 0; i < 5; i += 1) await registered(t, { invitedBy: code, ip: homeIpOf(inviter) });

      expect(await round()).toBe(5);
      const before = await everyFlag();
      expect(before.map((f) => f.kind).sort()).toEqual(['leave-dump', 'pair-repeat', 'reward-farm', 'shared-device', 'shared-ip']);
      expect(await round()).toBe(0);
      expect(await round()).toBe(0);
      expect(await everyFlag()).toEqual(before);
    });

    it('two rounds at once (Promise.all) write one flag per subject: one round has the turn', async () => {
      const [x, y] = await repeatedPair();
      const ip = newIp();
      for (const who of [x, y]) await signInFrom(t, who, { ip });
      const results = await Promise.all([1, 2, 3].map(() => riskRound(t.app.services)));
      // At most one wrote: the others skipped (null, the lock was taken) or came after it and found
      // nothing new (0). A round after them (all three may have skipped for another schema's round
      // holding the database-wide lock) writes whatever they left, so the two flags are written once.
      const written = [...results, await round()].filter((n) => n !== null && n > 0);
      expect(written).toEqual([2]);
      expect(await flagsNaming(t, op, 'pair-repeat', [x.id, y.id])).toHaveLength(1);
      expect(await flagsNaming(t, op, 'shared-ip', [x.id, y.id])).toHaveLength(1);
      expect(await rows(t.database, sql`SELECT kind, subject FROM risk_flags GROUP BY kind, subject HAVING count(*) > 1`)).toEqual([]);
    });

    it('dismisses an open flag with a note: it moves to the dismissed list with the note, in the audit trail; again is 409', async () => {
      const [x, y] = await repeatedPair();
      await round();
      const flag = await pairFlag(x, y);
      const note = '  Brothers on one couch, checked by phone  ';
      const res = await dismiss(t, op, flag._id, { note });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
      expect(await flagsNaming(t, op, 'pair-repeat', [x.id, y.id], 'open')).toEqual([]);
      expect(await pairFlag(x, y, 'dismissed')).toEqual({ ...flag, status: 'dismissed', detail: { ...flag.detail, dismissNote: note.trim() } });
      expect(await rows(t.database, sql`SELECT action, details FROM admin_audit WHERE target = ${flag._id}`)).toEqual([
        { action: 'dismiss-risk-flag', details: { note: note.trim() } },
      ]);

      const again = await dismiss(t, op, flag._id, { note: 'twice' });
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'This flag was already dismissed', code: 'integrity.flagDismissed' }]);
      // A round that sees nothing new keeps it dismissed.
      await round();
      expect(await statusOf(flag._id)).toBe('dismissed');
    });

    it('answers 404 for an unknown flag, 400 for a malformed id or a missing note, and changes nothing', async () => {
      const [x, y] = await repeatedPair();
      await round();
      const flag = await pairFlag(x, y);
      const unknown = await dismiss(t, op, UNKNOWN_ID, { note: 'n' });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Unknown flag', code: 'integrity.unknownFlag' }]);
      const malformed = await dismiss(t, op, 'not-a-flag-id', { note: 'n' });
      expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Unknown flag', code: 'integrity.unknownFlag' }]);
      for (const body of [{}, { note: '' }, { note: '   ' }, { note: 7 }, undefined]) {
        const res = await dismiss(t, op, flag._id, body);
        expect([res.statusCode, res.json()]).toEqual([400, { message: 'A note is required', code: 'integrity.noteRequired' }]);
      }
      expect((await dismiss(t, op, flag._id, { note: 'x'.repeat(501) })).statusCode).toBe(400);
      expect(await pairFlag(x, y)).toEqual(flag);
      expect(await rows(t.database, sql`SELECT id FROM admin_audit WHERE target = ${flag._id}`)).toEqual([]);
    });

    it('opens a dismissed flag again only when its count grows past what was dismissed', async () => {
      const [x, y, games] = await repeatedPair();
      await round();
      const flag = await pairFlag(x, y);
      expect((await dismiss(t, op, flag._id, { note: 'friends' })).statusCode).toBe(200);

      // The oldest game leaves the day and a new one comes: still 3 in 24 h, newer, and still dismissed.
      await t.database.db.execute(sql`UPDATE games SET ended_at = ended_at - interval '1 day' WHERE id = ${games[0]}::uuid`);
      const fourth = await seedFinishedGame(t, { winnerId: y.id, loserId: x.id, betMicro: 1_000_000n, endReason: null });
      expect(await round()).toBe(1);
      const kept = await pairFlag(x, y, 'dismissed');
      expect(kept).toMatchObject({ count: 3, firstAt: flag.firstAt, detail: { gameIds: [games[1], games[2], fourth], dismissNote: 'friends' } });
      expect(kept.lastAt > flag.lastAt).toBe(true);

      // A fourth game in the day: the signal grew, the flag is open again at 4.
      const fifth = await seedFinishedGame(t, { winnerId: y.id, loserId: x.id, betMicro: 1_000_000n, endReason: null });
      await round();
      expect(await flagsNaming(t, op, 'pair-repeat', [x.id, y.id], 'dismissed')).toEqual([]);
      const reopened = await pairFlag(x, y, 'open');
      expect(reopened).toMatchObject({ _id: flag._id, status: 'open', count: 4, detail: expect.objectContaining({ gameIds: [games[1], games[2], fourth, fifth] }) });
      // It may be dismissed again, now at 4.
      expect((await dismiss(t, op, flag._id, { note: 'still friends' })).statusCode).toBe(200);
      await round();
      expect(await statusOf(flag._id)).toBe('dismissed');
    });

    it('refuses the flag routes to a player session and to no session (401), changing nothing', async () => {
      const [x, y] = await repeatedPair();
      await round();
      const flag = await pairFlag(x, y);
      const someone = await player(t, 0);
      const asAdminCookie = someone.cookie.replace(/^sid=/, 'admin_sid=');
      for (const cookie of [undefined, someone.cookie, asAdminCookie]) {
        const headers = cookie ? { cookie } : {};
        const list = await getFlags(t, cookie, 'kind=pair-repeat');
        expect([list.statusCode, list.json()]).toEqual([401, { message: 'Operator sign-in required', code: 'http.unauthorized' }]);
        const res = await t.app.inject({ method: 'POST', url: `/api/admin/risk/flags/${flag._id}/dismiss`, headers, payload: { note: 'mine now' } });
        expect([res.statusCode, res.json()]).toEqual([401, { message: 'Operator sign-in required', code: 'http.unauthorized' }]);
      }
      expect(await statusOf(flag._id)).toBe('open');
    });

    it('answers 400 to a malformed list query, and pages the list newest signal first', async () => {
      for (const [query, message] of [
        ['kind=nope', 'Unknown flag kind'],
        ['status=x', 'status must be open or dismissed'],
        ['page=abc', 'page must be a number'],
      ]) {
        const res = await getFlags(t, op, query!);
        expect([res.statusCode, res.json()]).toEqual([400, { message, code: 'http.badRequest' }]);
      }
      for (const query of ['page=0', 'page=-1', 'page=1.5']) expect((await getFlags(t, op, query)).statusCode).toBe(400);

      // Enough pair-repeats for two pages.
      for (let i = 0; i < 11; i += 1) await repeatedPair();
      await round();
      const first = (await getFlags(t, op, '')).json();
      expect(first.flags).toHaveLength(10);
      expect(first.flags.every((f: RiskFlag) => f.status === 'open')).toBe(true);
      const listed = await allFlags(t, op, 'pair-repeat');
      expect(listed.length).toBe((await getFlags(t, op, 'kind=pair-repeat')).json().totalFlags);
      expect(listed.length).toBeGreaterThanOrEqual(11);
      expect(new Set(listed.map((f) => f._id)).size).toBe(listed.length);
      expect(listed.map((f) => f.lastAt)).toEqual([...listed.map((f) => f.lastAt)].sort().reverse());
    });
  });

  describe(`a shared-address flag across rounds [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    // A saved address is dated when it was saved (users.saved_address_at): a round with nothing new
    // moves no flag's last_at, so it neither rewrites the flag nor lifts it to the top of the list.
    it('is written once: a second round with nothing new rewrites nothing', async () => {
      const op = await operatorCookie(t);
      const address = newTronAddress();
      const [a, b] = await Promise.all([player(t, 0), player(t, 0)]);
      for (const p of [a, b]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: p.cookie }, payload: { savedAddress: address } });
        expect(res.statusCode).toBe(200);
      }
      expect(await roundWithTurn(t)).toBe(1);
      const [flag] = await allFlags(t, op, 'shared-address');
      expect(flag).toMatchObject({ count: 2, detail: { address } });
      expect(await roundWithTurn(t)).toBe(0);
      expect(await allFlags(t, op, 'shared-address')).toEqual([flag]);
    });
  });
}
