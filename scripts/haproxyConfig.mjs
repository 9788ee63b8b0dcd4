// The HAProxy configuration in front of the server nodes: what `npm run start:cluster` (scripts/cluster.mjs)
// runs, and what the README's production section shows (tests/server/haproxy-config.test.ts keeps the
// two equal and has `haproxy -c` check it). A pure function of its options, so it is tested without
// starting anything. Its comments are written into the file: an operator reads why each line is there
// where they read the line.

/**
 * @typedef {{ name: string, host: string, port: number }} HaproxyNode
 * @typedef {{
 *   bind: { host: string, port: number, crt?: string },
 *   nodes: HaproxyNode[],
 *   header?: string[],
 *   stopAfterSeconds?: number,
 *   maxconn?: number,
 * }} HaproxyOptions
 */

const NAME = /^[A-Za-z0-9_.-]+$/;
const HOST = /^[A-Za-z0-9_.:[\]-]+$/;

function address(host, port, what) {
  if (!HOST.test(host)) throw new Error(`${what}: not a host name or address: ${JSON.stringify(host)}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${what}: not a port: ${port}`);
  // An IPv6 address is written bare before its port in HAProxy's syntax only with brackets stripped: ipv6@.
  return host.includes(':') && !host.startsWith('[') ? `ipv6@${host}:${port}` : `${host}:${port}`;
}

/**
 * The text of haproxy.cfg for `nodes` behind `bind`. Throws on a name or address HAProxy would misread
 * (they are written into the file as they are).
 * @param {HaproxyOptions} options
 * @returns {string}
 */
export function haproxyConfig({ bind, nodes, header = [], stopAfterSeconds = 30, maxconn = 8000 }) {
  if (nodes.length === 0) throw new Error('haproxyConfig: no nodes');
  const names = new Set();
  for (const node of nodes) {
    if (!NAME.test(node.name)) throw new Error(`haproxyConfig: a node name HAProxy cannot take: ${JSON.stringify(node.name)}`);
    if (names.has(node.name)) throw new Error(`haproxyConfig: two nodes named ${node.name}`);
    names.add(node.name);
  }
  if (bind.crt !== undefined && /\s/.test(bind.crt)) throw new Error(`haproxyConfig: a certificate path with a space: ${JSON.stringify(bind.crt)}`);
  const tls = bind.crt ? ` ssl crt ${bind.crt} alpn h2,http/1.1` : '';
  const lines = [
    ...header.map((line) => `# ${line}`.trimEnd()),
    'global',
    '    # No `log` line: HAProxy prints its warnings, a node going DOWN or UP among them, to stderr, which',
    '    # whatever runs it keeps (start:cluster\'s output, systemd\'s journal); a log to stderr would print each',
    '    # twice there. Add `log /dev/log local0` and `option httplog` for a line per request.',
    '    #',
    '    # Players\' connections at once (a socket each, plus their HTTP calls). Each proxied connection takes two',
    '    # file descriptors (the player\'s and the node\'s): HAProxy refuses to start when the process\'s limit',
    '    # (`ulimit -n`, systemd\'s LimitNOFILE) is under ~2 × maxconn.',
    `    maxconn ${maxconn}`,
    '    # A soft stop (SIGUSR1, `systemctl reload`) lets open connections finish, WebSockets included; they',
    '    # could last an hour (timeout tunnel), so they are cut after this.',
    `    hard-stop-after ${stopAfterSeconds}s`,
    '',
    'defaults',
    '    mode http',
    '    timeout connect 5s',
    '    # Longer than Socket.IO\'s heartbeat (25 s ping + 20 s timeout), so an idle polling request or socket stays open.',
    '    timeout client 60s',
    '    timeout server 60s',
    '    timeout http-request 10s',
    '    # Above the clients\' own idle limit (the benches close a kept connection after 4 s), so a client never',
    '    # sends on a connection HAProxy has just closed.',
    '    timeout http-keep-alive 10s',
    '    # An upgraded WebSocket is a tunnel: its own, long timeout (the heartbeat keeps it busy anyway).',
    '    timeout tunnel 1h',
    '    timeout check 2s',
    '    # A connection a node refuses (stopping, or gone) is tried again at once on another node: redispatch',
    '    # on every retry, not only the last, so no retry waits on the node that refused.',
    '    retries 2',
    '    option redispatch 1',
    '    # Appends the client\'s address to X-Forwarded-For: the nodes trust this proxy (TRUST_PROXY) and take',
    '    # the nearest entry it did not write, so an address a client writes itself is never believed.',
    '    option forwardfor',
    '',
    'frontend players',
    `    bind ${address(bind.host, bind.port, 'bind')}${tls}`,
    '    http-request set-header X-Forwarded-Proto %[ssl_fc,iif(https,http)]',
    '    default_backend nodes',
    '',
    'backend nodes',
    '    # New clients take turns; a client keeps its node through the lb_node cookie (Socket.IO\'s polling',
    '    # requests must reach the node that made the session). Unlike a hash of the client\'s address, a',
    '    # carrier\'s shared (CGNAT) address spreads over every node. `indirect`: the nodes never see the',
    '    # cookie; `nocache`: a shared cache never keeps a response that sets it.',
    '    balance roundrobin',
    '    cookie lb_node insert indirect nocache httponly',
    '    # Active checks of readiness: a node answers 503 there once its database or Redis does not answer,',
    '    # and from the moment it begins a graceful stop (SIGTERM), so it gets nothing new while it drains.',
    '    option httpchk',
    '    http-check send meth GET uri /api/ready',
    '    http-check expect status 200',
    '    # Three failed checks in a row, not one: a node slow to answer under a spike is busy, not broken.',
    '    # A refused connection takes it out at once (observe layer4): a stopping node closes its listener.',
    '    default-server check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down',
    ...nodes.map((node) => `    server ${node.name} ${address(node.host, node.port, node.name)} cookie ${node.name}`),
    '    # When no node passes its check, every node still gets its share rather than every player HAProxy\'s',
    '    # own 503: a node that really cannot serve answers its own (JSON, with a message and Retry-After),',
    '    # and checks that failed because every node was busy under a spike do not shut everybody out. The',
    '    # same nodes again, unchecked, used only while no checked one is up (no cookie: nothing sticks to them).',
    '    option allbackups',
    ...nodes.map((node) => `    server ${node.name}-anyway ${address(node.host, node.port, node.name)} backup no-check`),
    '',
  ];
  return lines.join('\n');
}
