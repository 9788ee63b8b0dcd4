import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riskFlagKinds, riskFlagStatuses, type RiskFlag, type RiskFlagKind } from '../../protocol/integrity.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { balanceOf, pairedRps, type Player } from './gameHarness.ts';
import { databaseKinds, rows, startTestApp, uniqueName, type TestApp } from './harness.ts';
import { inviteCodeOf, seedFinishedGame } from './integrityKit.ts';
import {
  allFlags,
  flagsNaming,
  homeIpOf,
  loginRequest,
  newDeviceId,
  newIp,
  newTronAddress,
  operatorCookie,
  pairOf,
  player,
  playersWhoMet,
  registered,
  registerRequest,
  roundWithTurn,
  signInFrom,
} from './integrityFlagsKit.ts';

/** The valid TRC20 address of tests/server/wallet.test.ts. */
const VALID_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const HOUR = 3_600_000;
const PAID = { betMicro: 1_000_000n, endReason: null } as const;

for (const kind of databaseKinds) {
  describe(`risk flags raised by what players do [${kind}]`, () => {
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
    const naming = (flagKind: RiskFlagKind, ids: string[]) => flagsNaming(t, op, flagKind, ids);
    const saveAddress = (player: { cookie: string }, savedAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: player.cookie }, payload: { savedAddress } });
    const endedAt = async (gameId: string) =>
      new Date((await rows<{ at: Date | string }>(t.database, sql`SELECT ended_at AS at FROM games WHERE id = ${gameId}::uuid`))[0]!.at).toISOString();
    /** A flag as the operator's list shows it, open. */
    const flag = (flagKind: RiskFlagKind, users: { id: string; username: string }[], count: number, detail: RiskFlag['detail'], times?: [string, string]) => ({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: flagKind,
      userIds: users.map((u) => u.id),
      nicknames: users.map((u) => u.username),
      count,
      firstAt: times?.[0] ?? expect.any(String),
      lastAt: times?.[1] ?? expect.any(String),
      detail,
      status: 'open',
    });

    it('raises no flag of any kind for two honest players who met once in a paid game', async () => {
      const [a, b, gameId] = await playersWhoMet(t);
      // Each on their own phone (own IP, own device), each with their own withdrawal address.
      await signInFrom(t, a, { deviceId: newDeviceId() });
      await signInFrom(t, b, { deviceId: newDeviceId() });
      expect((await saveAddress(a, newTronAddress())).statusCode).toBe(200);
      expect((await saveAddress(b, newTronAddress())).statusCode).toBe(200);
      expect(await round()).toEqual(expect.any(Number));

      const named: RiskFlag[] = [];
      for (const flagKind of riskFlagKinds) {
        for (const status of riskFlagStatuses) named.push(...(await allFlags(t, op, flagKind, status)).filter((f) => f.userIds.includes(a.id) || f.userIds.includes(b.id)));
      }
      expect(named).toEqual([]);
      for (const who of [a, b]) {
        const risk = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${who.id}/risk`, headers: { cookie: op } })).json();
        expect(risk.flags).toEqual([]);
        expect(risk.linkedAccounts).toEqual([]);
        expect(risk.games).toEqual([expect.objectContaining({ gameId, betAmount: 1 })]);
      }
    });

    it('pair-repeat: 3 paid games of the same two accounts in 24 h; not 2, a free one or one older than a day', async () => {
      const [x, y] = await Promise.all([registered(t, {}), registered(t, {})]);
      const g1 = await seedFinishedGame(t, { winnerId: x.id, loserId: y.id, ...PAID, agoMs: 3 * HOUR });
      const g2 = await seedFinishedGame(t, { winnerId: y.id, loserId: x.id, ...PAID, agoMs: 2 * HOUR });
      await seedFinishedGame(t, { winnerId: x.id, loserId: y.id, ...PAID, agoMs: 25 * HOUR });
      await seedFinishedGame(t, { winnerId: x.id, loserId: y.id, betMicro: 0n, endReason: null, agoMs: 90 * 60_000 });
      await round();
      expect(await naming('pair-repeat', [x.id, y.id])).toEqual([]);

      const g3 = await seedFinishedGame(t, { winnerId: x.id, loserId: y.id, ...PAID, agoMs: HOUR });
      await round();
      expect(await naming('pair-repeat', [x.id, y.id])).toEqual([
        flag('pair-repeat', pairOf(x, y), 3, { gameIds: [g1, g2, g3] }, [await endedAt(g1), await endedAt(g3)]),
      ]);
    });

    it('leave-dump: one account leaves two paid games to the same opponent (POST /api/leave-rps-game); not one, not to two opponents', async () => {
      const [stayer, leaver, other, spreader] = await Promise.all([player(t), player(t), player(t), player(t)]);
      const leaveTo = async (winner: Player, loser: Player) => {
        const gameId = await pairedRps(t.app, winner, loser, 1);
        const res = await t.app.inject({ method: 'POST', url: '/api/leave-rps-game', headers: { cookie: loser.cookie }, payload: { gameId } });
        expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
        return gameId;
      };
      const first = await leaveTo(stayer, leaver);
      // One who leaves once to each of two opponents dumps nothing.
      await leaveTo(stayer, spreader);
      await leaveTo(other, spreader);
      await round();
      expect(await naming('leave-dump', [leaver.id])).toEqual([]);

      const second = await leaveTo(stayer, leaver);
      await round();
      expect(await naming('leave-dump', [leaver.id])).toEqual([
        flag('leave-dump', [leaver, stayer], 2, { gameIds: [first, second], leaverId: leaver.id }, [await endedAt(first), await endedAt(second)]),
      ]);
      expect(await naming('leave-dump', [spreader.id])).toEqual([]);
      // Two games only: no pair-repeat yet. The forfeits paid out for real (three wins of 0.8 for the stayer).
      expect(await naming('pair-repeat', [leaver.id, stayer.id])).toEqual([]);
      expect([await balanceOf(t.app, stayer), await balanceOf(t.app, leaver)]).toEqual([12.4, 8]);
    });

    it('shared-device: two paying accounts sign in on one device, counted per device; not with an account that never paid', async () => {
      // One after the other: games at once would pair across the queue.
      const [a] = await playersWhoMet(t);
      const [b] = await playersWhoMet(t);
      const device = newDeviceId();
      await signInFrom(t, a, { deviceId: device });
      await signInFrom(t, b, { deviceId: device });
      // A paying player and an account that never played a paid game share a device too.
      const [payer] = await playersWhoMet(t);
      const idle = await registered(t, {});
      const idleDevice = newDeviceId();
      await signInFrom(t, payer, { deviceId: idleDevice });
      await signInFrom(t, idle, { deviceId: idleDevice });
      await round();
      expect(await naming('shared-device', [a.id, b.id])).toEqual([flag('shared-device', pairOf(a, b), 1, { deviceIds: [device] })]);
      expect(await naming('shared-device', [idle.id])).toEqual([]);
      // They never met, each on their own IP: no shared-ip.
      expect(await naming('shared-ip', [a.id, b.id])).toEqual([]);

      const second = newDeviceId();
      await signInFrom(t, a, { deviceId: second });
      await signInFrom(t, b, { deviceId: second });
      await round();
      expect(await naming('shared-device', [a.id, b.id])).toEqual([flag('shared-device', pairOf(a, b), 2, { deviceIds: [device, second].sort() })]);
    });

    it('shared-ip: two accounts that met in a paid game sign in from one IP; not two that share an IP but never met', async () => {
      const [a, b] = await playersWhoMet(t);
      const ip = newIp();
      await signInFrom(t, a, { ip });
      await signInFrom(t, b, { ip });
      const [c] = await playersWhoMet(t);
      const [d] = await playersWhoMet(t);
      const carrier = newIp();
      await signInFrom(t, c, { ip: carrier });
      await signInFrom(t, d, { ip: carrier });
      await round();
      expect(await naming('shared-ip', [a.id, b.id])).toEqual([flag('shared-ip', pairOf(a, b), 1, { ips: [ip] })]);
      expect(await naming('shared-ip', [c.id])).toEqual([]);
      expect(await naming('shared-ip', [d.id])).toEqual([]);
      // No device id was sent: no shared-device either.
      expect(await naming('shared-device', [a.id, b.id])).toEqual([]);
    });

    it('shared-address: two accounts save the same TRC20 address; a third one makes the count grow', async () => {
      const [a, b, c] = await Promise.all([player(t, 0), player(t, 0), player(t, 0)]);
      for (const who of [a, b]) expect((await saveAddress(who, VALID_ADDRESS)).json()).toEqual({ savedAddress: VALID_ADDRESS });
      await round();
      const byId = (...players: (typeof a)[]) => [...players].sort((p, q) => (p.id < q.id ? -1 : 1));
      expect(await naming('shared-address', [a.id, b.id])).toEqual([flag('shared-address', byId(a, b), 2, { address: VALID_ADDRESS })]);

      expect((await saveAddress(c, VALID_ADDRESS)).statusCode).toBe(200);
      await round();
      expect(await naming('shared-address', [a.id, b.id])).toEqual([flag('shared-address', byId(a, b, c), 3, { address: VALID_ADDRESS })]);
    });

    it('reward-farm: an inviter with 5 invited accounts on its IP or its device; not with 4, nor with 5 friends on their own phones', async () => {
      const device = newDeviceId();
      const inviter = await registered(t, { deviceId: device });
      const code = await inviteCodeOf(t, inviter.id);
      const members: { id: string; username: string }[] = [];
      for (let i = 0; i < 4; i += 1) members.push(await registered(t, { invitedBy: code, ip: homeIpOf(inviter) }));
      await round();
      expect(await naming('reward-farm', [inviter.id])).toEqual([]);

      // The fifth from its own IP, on the inviter's device.
      members.push(await registered(t, { invitedBy: code, deviceId: device }));
      await round();
      const sorted = [...members].sort((p, q) => (p.id < q.id ? -1 : 1));
      expect(await naming('reward-farm', [inviter.id])).toEqual([flag('reward-farm', [inviter, ...sorted], 5, { inviterId: inviter.id })]);

      const honest = await registered(t, { deviceId: newDeviceId() });
      const honestCode = await inviteCodeOf(t, honest.id);
      for (let i = 0; i < 5; i += 1) await registered(t, { invitedBy: honestCode, deviceId: newDeviceId() });
      await round();
      expect(await naming('reward-farm', [honest.id])).toEqual([]);
    });

    it('records each sign-up and sign-in with its IP and device id (none when the app sends none)', async () => {
      const [ip, otherIp, device, otherDevice] = [newIp(), newIp(), newDeviceId(), newDeviceId()];
      const user = await registered(t, { ip, deviceId: device });
      await signInFrom(t, user, { ip: otherIp, deviceId: otherDevice });
      await signInFrom(t, user, { ip });
      const seen = await rows(t.database, sql`SELECT source, ip, device_id, telegram_id FROM session_signals WHERE user_id = ${user.id}::uuid ORDER BY id`);
      expect(seen).toEqual([
        { source: 'register', ip, device_id: device, telegram_id: null },
        { source: 'login', ip: otherIp, device_id: otherDevice, telegram_id: null },
        { source: 'login', ip, device_id: null, telegram_id: null },
      ]);
      // The operator's view of the account shows the same.
      const risk = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}/risk`, headers: { cookie: op } })).json();
      expect(risk.ips.map((r: { ip: string; sessions: number }) => [r.ip, r.sessions]).sort()).toEqual([[ip, 2], [otherIp, 1]].sort());
      expect(risk.devices.map((r: { deviceId: string; sessions: number }) => [r.deviceId, r.sessions]).sort()).toEqual([[device, 1], [otherDevice, 1]].sort());
    });

    it("refuses a malformed x-device-id (400 'Invalid device id'): login opens no session, register makes no account", async () => {
      const user = await registered(t, {});
      const counts = async () =>
        rows(t.database, sql`SELECT (SELECT count(*)::int FROM sessions WHERE user_id = ${user.id}::uuid) AS sessions,
                                    (SELECT count(*)::int FROM session_signals WHERE user_id = ${user.id}::uuid) AS signals`);
      const before = await counts();
      expect(before).toEqual([{ sessions: 0, signals: 1 }]);
      for (const bad of ['short', 'has spaces in the id', 'x'.repeat(65), 'semi;colon;device;id', '../../etc/passwd/xx']) {
        const res = await loginRequest(t, user.username, { deviceId: bad });
        expect([res.statusCode, res.json()]).toEqual([400, { message: 'Invalid device id', code: 'integrity.badDeviceId' }]);
        expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      }
      expect(await counts()).toEqual(before);
      // The same login with a good id goes through.
      expect((await loginRequest(t, user.username, { deviceId: newDeviceId() })).statusCode).toBe(200);

      const username = uniqueName('bd');
      const refused = await registerRequest(t, { username, deviceId: 'short' });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'Invalid device id', code: 'integrity.badDeviceId' }]);
      expect(await rows(t.database, sql`SELECT id FROM users WHERE username = ${username}`)).toEqual([]);
      expect((await registerRequest(t, { username })).statusCode).toBe(201);
    });
  });
}
