// The loopback balancer of `npm run start:cluster` (scripts/cluster.mjs): proxies HTTP and WebSocket
// upgrades to the nodes that are up, sticky by Socket.IO session then by cookie, retrying a refused
// request on the next node.
import http from 'node:http';
import net from 'node:net';

const STICKY_COOKIE = 'lb_node';
/** A Socket.IO session not seen for this long is forgotten (a polling client is seen every ~25 s). */
export const SESSION_IDLE_MS = 120_000;
/**
 * An idle connection to a node is kept this long for the next request: well under the node's own
 * keep-alive (Fastify's 72 s), so a node never closes one just as the balancer sends on it. A new
 * connection per request cost the balancer and the nodes a connect, an accept and a close each (issue 24's
 * launch spike on the cluster: ~150,000 of them).
 */
const NODE_IDLE_MS = 30_000;

/**
 * @param {{ index: number, port: number, state: string }[]} nodes the nodes, kept up to date by the caller
 * @param {(node: { index: number, port: number, state: string }, reason: string) => void} markDown told when a node refuses a connection
 * @returns {{ server: http.Server, tunnels: Set<net.Socket>, forgetIdleSessions(now: number): void }}
 */
export function createBalancer(nodes, markDown) {
  /** Socket.IO session id → the node that made it (learnt from the handshake's answer). */
  const sessions = new Map();
  let turn = 0;
  /** Kept-alive connections, per node port. */
  const agents = new Map();
  const agentOf = (node) => {
    let agent = agents.get(node.port);
    if (!agent) agents.set(node.port, (agent = new http.Agent({ keepAlive: true, timeout: NODE_IDLE_MS, scheduling: 'lifo' })));
    return agent;
  };
  /** Requests already sent again once after a kept connection failed under them. */
  const resent = new WeakSet();

  function parseTarget(rawUrl) {
    try {
      return new URL(rawUrl ?? '/', 'http://balancer');
    } catch {
      return null;
    }
  }

  function stickyCookie(req) {
    const header = req.headers.cookie ?? '';
    const match = new RegExp(`(?:^|;\\s*)${STICKY_COOKIE}=(\\d+)`).exec(header);
    return match ? Number(match[1]) - 1 : null;
  }

  /**
   * The node for this request: its Socket.IO session's, else its cookie's, else the next one up. When
   * no node passes its readiness check, those still running are tried all the same: one that really
   * cannot serve answers its own 503, and checks that failed because every node was busy under a spike
   * do not turn into a 503 for every player.
   */
  function pick(req, tried) {
    const serving = nodes.some((node) => node.state === 'up') ? ['up'] : ['up', 'down'];
    const usable = (node) => node && serving.includes(node.state) && !tried.has(node.index);
    const target = parseTarget(req.url);
    const sid = target?.pathname.startsWith('/socket.io') ? target.searchParams.get('sid') : null;
    if (sid) {
      const session = sessions.get(sid);
      if (session && usable(nodes[session.node])) {
        session.seen = Date.now();
        return nodes[session.node];
      }
    }
    const fromCookie = stickyCookie(req);
    if (fromCookie !== null && usable(nodes[fromCookie])) return nodes[fromCookie];
    const candidates = nodes.filter(usable);
    if (!candidates.length) return null;
    turn = (turn + 1) % 1_000_000;
    return candidates[turn % candidates.length];
  }

  const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'transfer-encoding', 'proxy-authenticate', 'proxy-authorization']);

  function endToEnd(headers, keep = []) {
    const listed = String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    const out = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      if ((HOP_BY_HOP.has(name) || listed.includes(name)) && !keep.includes(name)) continue;
      out[name] = value;
    }
    return out;
  }

  function forwarded(req) {
    const client = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    return {
      'x-forwarded-for': prior ? `${prior}, ${client}` : client,
      'x-forwarded-proto': req.headers['x-forwarded-proto'] ?? 'http',
      'x-forwarded-host': req.headers['x-forwarded-host'] ?? req.headers.host ?? '',
    };
  }

  function unavailable(res) {
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
    res.end(JSON.stringify({ message: 'No server node is available right now' }));
  }

  const bodiless = (req) => (req.method === 'GET' || req.method === 'HEAD') && !req.headers['content-length'] && !req.headers['transfer-encoding'];

  function proxyHttp(req, res, tried = new Set()) {
    const node = pick(req, tried);
    if (!node) return unavailable(res);
    tried.add(node.index);
    // Transfer-Encoding is kept: the body is passed through as it comes.
    const headers = { ...endToEnd(req.headers, ['transfer-encoding']), ...forwarded(req) };
    const upstream = http.request({ host: '127.0.0.1', port: node.port, method: req.method, path: req.url, headers, agent: agentOf(node) });
    let connected = false;
    let clientGone = false;
    let answered = false;
    // The body is read only once the node has taken the connection, so a refused one is retried intact.
    upstream.on('socket', (socket) => {
      const onConnect = () => {
        connected = true;
        req.pipe(upstream);
      };
      if (socket.connecting) socket.once('connect', onConnect);
      else onConnect();
    });
    upstream.on('error', (error) => {
      if (clientGone || res.writableEnded) return;
      if (!connected) {
        markDown(node, error.code ?? error.message);
        return proxyHttp(req, res, tried);
      }
      // A kept connection that had closed under the request (the node stopped): a request without a body
      // cannot have been acted on, and is sent once more, on a new connection. One with a body may have
      // been, and is answered 502 as any request the node dropped.
      if (upstream.reusedSocket && !answered && !resent.has(req) && bodiless(req)) {
        resent.add(req);
        tried.delete(node.index);
        return proxyHttp(req, res, tried);
      }
      // The node went away with this request in flight.
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'The server node failed while answering' }));
      } else res.destroy();
    });
    upstream.on('response', (answer) => {
      answered = true;
      const out = endToEnd(answer.headers);
      if (stickyCookie(req) !== node.index) {
        const cookie = `${STICKY_COOKIE}=${node.index + 1}; Path=/; HttpOnly; SameSite=Lax`;
        const existing = out['set-cookie'];
        out['set-cookie'] = existing ? [...(Array.isArray(existing) ? existing : [existing]), cookie] : [cookie];
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      const target = parseTarget(req.url);
      if (target?.pathname.startsWith('/socket.io') && !target.searchParams.get('sid')) learnSession(answer, node);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
  }

  /** A Socket.IO handshake's answer names the session (`0{"sid":"…",…}`): its later requests go to this node. */
  function learnSession(answer, node) {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString('latin1');
      const match = /"sid":"([^"]+)"/.exec(seen);
      if (match) {
        sessions.set(match[1], { node: node.index, seen: Date.now() });
        answer.off('data', onData);
      } else if (seen.length > 4096) answer.off('data', onData);
    };
    answer.on('data', onData);
  }

  const tunnels = new Set();

  function proxyUpgrade(req, client, head, tried = new Set()) {
    const node = pick(req, tried);
    if (!node) {
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tried.add(node.index);
    const upstream = net.connect(node.port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      if (client.destroyed) return void upstream.destroy();
      tunnels.add(upstream);
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!/^x-forwarded-(for|proto|host)$/i.test(req.rawHeaders[i])) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      for (const [name, value] of Object.entries(forwarded(req))) lines.push(`${name}: ${value}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
      client.on('close', () => upstream.destroy());
    });
    upstream.on('error', (error) => {
      if (!connected && !client.destroyed) {
        markDown(node, error.code ?? error.message);
        proxyUpgrade(req, client, head, tried);
      } else client.destroy();
    });
    upstream.on('close', () => {
      tunnels.delete(upstream);
      if (connected) client.destroy();
    });
  }

  const server = http.createServer((req, res) => proxyHttp(req, res));
  server.on('upgrade', (req, client, head) => {
    client.on('error', () => undefined);
    proxyUpgrade(req, client, head);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const forgetIdleSessions = (now) => {
    for (const [sid, session] of sessions) if (now - session.seen > SESSION_IDLE_MS) sessions.delete(sid);
  };
  return { server, tunnels, forgetIdleSessions };
}
