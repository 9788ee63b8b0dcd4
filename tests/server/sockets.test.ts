import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROOM, userRoom } from '../../server/sockets/index.ts';
import { ensureOperator } from '../../server/admin/operators.ts';
import { cookieOf, databaseKinds, signedUp } from './harness.ts';
import { listeningApp } from './socketClients.ts';

for (const kind of databaseKinds) {
  describe(`sockets [${kind}]`, () => {
    const live = listeningApp(kind);

    async function socketWith(cookie?: string): Promise<Socket> {
      const socket = connect(live.base, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: cookie ? { cookie } : {},
        reconnection: false,
      });
      live.open.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    }

    /** Everything a socket receives for `ms` milliseconds. */
    function received(socket: Socket, ms = 300): Promise<[string, unknown[]][]> {
      const events: [string, unknown[]][] = [];
      const listener = (event: string, ...args: unknown[]) => events.push([event, args]);
      socket.onAny(listener);
      return new Promise((resolve) =>
        setTimeout(() => {
          socket.offAny(listener);
          resolve(events);
        }, ms),
      );
    }

    it("puts a player's socket in that player's room only; anonymous sockets get nothing private", async () => {
      const ann = await signedUp(live.t.app);
      const bob = await signedUp(live.t.app);
      const annSocket = await socketWith(ann.cookie);
      const bobSocket = await socketWith(bob.cookie);
      const anonymous = await socketWith();
      const [toAnn, toBob, toNobody] = [received(annSocket), received(bobSocket), received(anonymous)];
      await new Promise((r) => setTimeout(r, 50));
      live.t.app.services.sockets.to(userRoom(ann.id)).emit('balanceUpdated', 12.5);
      live.t.app.services.sockets.to(ADMIN_ROOM).emit('balanceUpdated', 99);
      expect(await toAnn).toEqual([['balanceUpdated', [12.5]]]);
      expect(await toBob).toEqual([]);
      expect(await toNobody).toEqual([]);
    });

    it('honours authenticate only for the session\'s own user', async () => {
      const ann = await signedUp(live.t.app);
      const bob = await signedUp(live.t.app);
      const socket = await socketWith(ann.cookie);
      const own = await socket.emitWithAck('authenticate', { userId: ann.id });
      expect(own).toEqual({ ok: true });
      const foreign = await socket.emitWithAck('authenticate', { userId: bob.id });
      expect(foreign).toEqual({ ok: false, message: 'Not your session' });
      const anonymous = await socketWith();
      expect(await anonymous.emitWithAck('authenticate', { userId: ann.id })).toMatchObject({ ok: false });
      expect(await anonymous.emitWithAck('authenticate', 'garbage')).toMatchObject({ ok: false });
    });

    it('puts an operator socket in the admin room, and never a player socket', async () => {
      await ensureOperator(live.t.database.db, 'watcher', 'operator-pass');
      const login = await live.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'watcher', password: 'operator-pass' } });
      const operator = await socketWith(cookieOf(login, 'admin_sid'));
      const player = await signedUp(live.t.app);
      const playerSocket = await socketWith(player.cookie);
      const [toOperator, toPlayer] = [received(operator), received(playerSocket)];
      await new Promise((r) => setTimeout(r, 50));
      live.t.app.services.sockets.to(ADMIN_ROOM).emit('balanceUpdated', 1);
      expect(await toOperator).toEqual([['balanceUpdated', [1]]]);
      expect(await toPlayer).toEqual([]);
    });
  });
}
