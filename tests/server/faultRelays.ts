import http from 'node:http';
import net from 'node:net';
import { TronGridStandIn } from './tronGridStandIn.ts';

/**
 * The fault tests' relays (tests/server/faults*.test.ts): a TCP proxy that can take a backend (PostgreSQL,
 * Redis) "down" and bring it back on the same port, and a TronGrid stand-in that can hold a broadcast
 * without answering.
 */

/**
 * A loopback TCP proxy in front of PostgreSQL. `outage()` is a database restart as the server sees it:
 * every open connection is cut and new ones are refused (nothing listens) until `resume()`.
 */
export class TcpProxy {
  port = 0;
  /** Connections accepted so far (each is one pooled connection of the server under test). */
  accepted = 0;
  private server: net.Server | null = null;
  private readonly open = new Set<net.Socket>();

  constructor(private readonly target: { host: string; port: number }) {}

  static to(databaseUrl: string): TcpProxy {
    const url = new URL(databaseUrl);
    return new TcpProxy({ host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) });
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  private relay(client: net.Socket): void {
    this.accepted += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.open.delete(from);
        to.destroy();
      });
    }
  }

  get connections(): number {
    return this.open.size / 2;
  }

  async outage(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.open) socket.destroy();
    await closed;
  }

  /** Accepts again, on the same port. */
  async resume(): Promise<void> {
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    await this.outage();
  }
}

interface HeldBroadcast {
  txId: string;
  body: string;
  response: http.ServerResponse;
}

/** What the relay does with one broadcast: pass it to the chain, hold it unanswered, or cut the connection. */
export type BroadcastFate = 'pass' | 'hold' | 'cut';

/**
 * The TronGrid stand-in behind a relay that decides the fate of every broadcast (`fate`, by transaction
 * id). 'hold' takes it and never answers: the server under test is left waiting with a transaction that
 * may or may not reach the chain, and the test decides later what the chain saw — `deliver` (it arrived,
 * only the answer was lost) or `drop`. 'cut' drops the connection at once, unsent: an unknown outcome.
 */
export class HoldingTronGrid {
  readonly chain = new TronGridStandIn();
  fate: (txId: string) => BroadcastFate = () => 'pass';
  readonly held: HeldBroadcast[] = [];
  /** The id of every broadcast the server under test sent, held or passed on, in order. */
  readonly sent: string[] = [];
  url = '';
  private server?: http.Server;

  async start(): Promise<void> {
    await this.chain.start();
    this.server = http.createServer((req, res) => void this.relay(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  private async relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && req.url?.startsWith('/wallet/broadcasttransaction')) {
      const { txID } = JSON.parse(body) as { txID: string };
      this.sent.push(txID);
      const fate = this.fate(txID);
      if (fate === 'hold') {
        this.held.push({ txId: txID, body, response: res });
        return;
      }
      if (fate === 'cut') {
        res.destroy();
        return;
      }
    }
    try {
      const answer = await fetch(`${this.chain.url}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(await answer.text());
    } catch {
      res.destroy();
    }
  }

  private take(txId: string): HeldBroadcast {
    const index = this.held.findIndex((h) => h.txId === txId);
    const [held] = index >= 0 ? this.held.splice(index, 1) : [];
    if (!held) throw new Error(`no held broadcast of ${txId}`);
    held.response.destroy();
    return held;
  }

  /** The held broadcast reaches the chain after all (the sender never hears the answer). */
  async deliver(txId: string): Promise<void> {
    const held = this.take(txId);
    const answer = await fetch(`${this.chain.url}/wallet/broadcasttransaction`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: held.body });
    const result = (await answer.json()) as { result?: boolean };
    if (!result.result) throw new Error(`the stand-in refused the held broadcast: ${JSON.stringify(result)}`);
  }

  /** The held broadcast never reached the chain. */
  drop(txId: string): void {
    this.take(txId);
  }

  async stop(): Promise<void> {
    for (const held of this.held.splice(0)) held.response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.chain.stop();
  }
}
