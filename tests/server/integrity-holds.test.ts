import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordSessionStart } from '../../server/integrity/signals.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { tronAddressFromHex } from '../../server/wallet/tronAddress.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { databaseKinds, listening, rows, startTestApp, type TestApp } from './harness.ts';
import { operatorWithSecondFactor } from './operatorKit.ts';
import { fundedPlayer, pairedRps, playRpsToEnd, type Player } from './gameHarness.ts';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * Issue 17, "stop their money before it leaves": a withdrawal is held when it is asked for, not a risk
 * round later; a freeze holds what has not left; approve never sends a frozen account's money; and the
 * addresses that tie accounts are the ones the trusted proxy saw, not what a client writes.
 */
for (const kind of databaseKinds) {
  describe(`withdrawals held at request time [${kind}]`, () => {
    let t: TestApp;
    let operator: { cookie: string };
    let base: string;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      t = await startTestApp(kind, { WITHDRAWAL_REVIEW_USDT: '100', TRUST_PROXY: 'loopback' });
      base = await listening(t);
      // Approving and rejecting move money: the operator (an owner, who also freezes) has their second factor on.
      operator = await operatorWithSecondFactor(t.app, t.database, 'hold-op');
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await t.close();
    });
    afterEach(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    const call = (who: { cookie: string }, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
    let addresses = 0;
    async function withAddress(usdt: number): Promise<Player> {
      const player = await fundedPlayer(t, usdt);
      addresses += 1;
      const savedAddress = tronAddressFromHex(`41${(0xabc000 + addresses).toString(16).padStart(40, '0')}`);
      expect((await call(player, 'POST', '/api/wallet/save-address', { savedAddress })).statusCode).toBe(200);
      return player;
    }
    const withdraw = async (player: Player, amount: number) => (await call(player, 'POST', '/api/withdraw', { userId: player.id, amount })).json();
    const heldFor = async (player: Player) =>
      (await rows<{ status: string; held_for: string | null }>(t.database, sql`SELECT status, held_for FROM withdrawals WHERE user_id = ${player.id}::uuid ORDER BY created_at`)).map((r) => [r.status, r.held_for]);

    it('withdrawals cut small are added up over 24 hours: the one that reaches the limit waits', async () => {
      const player = await withAddress(200);
      expect((await withdraw(player, 60)).status).toBe('pending');
      expect((await withdraw(player, 39)).status).toBe('pending');
      expect((await withdraw(player, 5)).status).toBe('review');
      expect((await heldFor(player)).at(-1)).toEqual(['review', '100 USDT or more in 24 h']);
    });

    it('withdrawals sent at the same moment are added up too: they take turns, and the one that reaches the limit waits', async () => {
      for (let round = 0; round < 3; round += 1) {
        const player = await withAddress(200);
        const answers = await Promise.all([withdraw(player, 60), withdraw(player, 60), withdraw(player, 60)]);
        expect(answers.map((answer) => answer.status).sort()).toEqual(['pending', 'review', 'review']);
      }
    });

    it('a pot dumped by leaving is held the moment it is withdrawn, before any risk round', async () => {
      const ann = await withAddress(10);
      const bob = await fundedPlayer(t, 10);
      for (let i = 0; i < 2; i += 1) {
        const gameId = await pairedRps(t.app, ann, bob, 1);
        expect((await call(bob, 'POST', '/api/leave-rps-game', { gameId })).statusCode).toBe(200);
      }
      expect(await withdraw(ann, 9)).toEqual({ newBalance: 2.6, status: 'review' });
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
      expect(await heldFor(ann)).toEqual([['review', 'paid wins by an opponent leaving']]);
    });

    it('a paid win against an account on the same device is held; one against a stranger is not', async () => {
      const ann = await withAddress(10);
      const stranger = await fundedPlayer(t, 10);
      await playRpsToEnd(t, ann, stranger, await pairedRps(t.app, ann, stranger, 1));
      expect((await withdraw(ann, 2)).status).toBe('pending');

      const twin = await fundedPlayer(t, 10);
      for (const player of [ann, twin]) {
        await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-device-id': 'one-phone-0000000000' }, payload: { username: player.username, password: 'correct-horse' } });
      }
      await playRpsToEnd(t, ann, twin, await pairedRps(t.app, ann, twin, 1));
      expect((await withdraw(ann, 2)).status).toBe('review');
      expect((await heldFor(ann)).at(-1)).toEqual(['review', 'paid win against a linked account']);
    });

    it('a freeze holds the withdrawals that have not left, and approve refuses a frozen account', async () => {
      const player = await withAddress(50);
      expect((await withdraw(player, 10)).status).toBe('pending');
      expect((await call(operator, 'POST', `/api/admin/users/${player.id}/freeze`, { frozen: true, reason: 'review' })).statusCode).toBe(200);
      expect(await heldFor(player)).toEqual([['review', 'account frozen']]);
      await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
      expect(await heldFor(player)).toEqual([['review', 'account frozen']]);

      const [held] = await rows<{ id: string }>(t.database, sql`SELECT id::text AS id FROM withdrawals WHERE user_id = ${player.id}::uuid`);
      const approve = await call(operator, 'POST', `/api/admin/withdrawals/${held!.id}/approve`, {});
      expect([approve.statusCode, approve.json().message]).toEqual([409, 'The account is frozen: unfreeze it before approving its withdrawal']);
      expect(await heldFor(player)).toEqual([['review', 'account frozen']]);
      // Rejecting gives the money back, frozen or not.
      expect((await call(operator, 'POST', `/api/admin/withdrawals/${held!.id}/reject`, { reason: 'frozen' })).json().status).toBe('rejected');
      expect((await call(player, 'GET', '/api/protected')).json().user.balance).toBe(50);
    });

    it('behind a trusted proxy the client address is the one the proxy saw, never one the client wrote', async () => {
      const player = await fundedPlayer(t, 0);
      const login = (remoteAddress: string, forwarded: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-forwarded-for': forwarded }, payload: { username: player.username, password: 'correct-horse' } });
      expect((await login('127.0.0.1', '1.2.3.4, 203.0.113.9')).statusCode).toBe(200);
      // Not from the proxy: the header is the client's own words.
      expect((await login('198.51.100.20', '203.0.113.10')).statusCode).toBe(200);
      const seen = await rows<{ ip: string }>(t.database, sql`SELECT ip FROM session_signals WHERE user_id = ${player.id}::uuid AND source = 'login' ORDER BY id`);
      expect(seen.map((r) => r.ip).slice(-2)).toEqual(['203.0.113.9', '198.51.100.20']);
    });

    it("a socket's authenticate is a session start: recorded with the handshake's device id, at most once an hour; a malformed id is refused", async () => {
      const player = await fundedPlayer(t, 0);
      const authenticate = async (deviceId: string) => {
        const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: player.cookie }, auth: { deviceId }, reconnection: false });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const answer = await new Promise((resolve) => socket.emit('authenticate', { userId: player.id }, resolve));
        socket.disconnect();
        return answer;
      };
      const recorded = async () =>
        (await rows<{ device_id: string | null }>(t.database, sql`SELECT device_id FROM session_signals WHERE user_id = ${player.id}::uuid AND source = 'socket' ORDER BY id`)).map((r) => r.device_id);
      expect(await authenticate('not a device id!')).toEqual({ ok: false, message: 'Invalid device id' });
      expect(await authenticate('phone-aaaaaaaaaaaaaaaa')).toEqual({ ok: true });
      expect(await authenticate('phone-aaaaaaaaaaaaaaaa')).toEqual({ ok: true });
      await expect.poll(recorded).toEqual(['phone-aaaaaaaaaaaaaaaa']);
      // Another device is another start.
      expect(await authenticate('phone-bbbbbbbbbbbbbbbb')).toEqual({ ok: true });
      await expect.poll(recorded).toEqual(['phone-aaaaaaaaaaaaaaaa', 'phone-bbbbbbbbbbbbbbbb']);
    });

    it("a phone's sockets that authenticate at the same moment (a reconnect storm) are one session start", async () => {
      const player = await fundedPlayer(t, 0);
      const start = { userId: player.id, source: 'socket', ip: '203.0.113.7', deviceId: 'phone-cccccccccccccccc', telegramId: null } as const;
      // Every connection of the pool open first, so the inserts really run side by side.
      await Promise.all(Array.from({ length: 10 }, () => t.database.db.execute(sql`SELECT pg_sleep(0.05)`)));
      await Promise.all(Array.from({ length: 10 }, () => recordSessionStart(t.database.db, start)));
      const recorded = await rows<{ device_id: string }>(t.database, sql`SELECT device_id FROM session_signals WHERE user_id = ${player.id}::uuid AND source = 'socket'`);
      expect(recorded.map((r) => r.device_id)).toEqual(['phone-cccccccccccccccc']);
    });

    it("a socket's start within the hour of a start this node wrote, from the same phone and address, is known without asking; any other is asked", async () => {
      const player = await fundedPlayer(t, 0);
      const phone = { userId: player.id, ip: '203.0.113.8', deviceId: 'phone-dddddddddddddddd', telegramId: null };
      const starts = async () =>
        (await rows<{ source: string; device_id: string | null }>(t.database, sql`SELECT source, device_id FROM session_signals WHERE user_id = ${player.id}::uuid AND ip = '203.0.113.8' ORDER BY id`)).map((r) => `${r.source} ${r.device_id}`);
      expect(await recordSessionStart(t.database.db, { ...phone, source: 'telegram' })).toBe(true);
      expect(await starts()).toEqual(['telegram phone-dddddddddddddddd']);
      // Taken away behind the node's back: a socket start asked of the database would now be written.
      await t.database.db.execute(sql`DELETE FROM session_signals WHERE user_id = ${player.id}::uuid`);
      expect(await recordSessionStart(t.database.db, { ...phone, source: 'socket' })).toBe(false);
      expect(await starts()).toEqual([]);
      // Another device is another start, asked and written; a sign-in is always written.
      expect(await recordSessionStart(t.database.db, { ...phone, deviceId: 'phone-eeeeeeeeeeeeeeee', source: 'socket' })).toBe(true);
      expect(await recordSessionStart(t.database.db, { ...phone, source: 'login' })).toBe(true);
      expect(await starts()).toEqual(['socket phone-eeeeeeeeeeeeeeee', 'login phone-dddddddddddddddd']);
    });
  });
}
