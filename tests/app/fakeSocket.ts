import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** Stands in for a socket.io-client Socket: records what the app sends, lets a test play the server. */
let socketCount = 0;

export class FakeSocket {
  readonly options: unknown;
  /** What socket.io would name the connection; start-game sends it as socketId. */
  readonly id = `fake-socket-${(socketCount += 1)}`;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  disconnected = false;
  private readonly handlers = new Map<string, Handler[]>();

  constructor(options: unknown) {
    this.options = options;
  }

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** The handshake's `auth` as socket.io would send it now (the app passes a function, read at each connection). */
  handshakeAuth(): unknown {
    const { auth } = (this.options ?? {}) as { auth?: unknown };
    if (typeof auth !== 'function') return auth;
    let sent: unknown;
    (auth as (send: (payload: unknown) => void) => void)((payload) => (sent = payload));
    return sent;
  }

  /** The server side: deliver an event to the app's handlers. */
  receive(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export const fakeSocketIoModule = {
  io: vi.fn((options: unknown) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  }),
};
