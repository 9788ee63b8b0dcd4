import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../scripts/haproxyConfig.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'haproxy'))].find((file) => fs.existsSync(file));

const twoNodes = [
  { name: 'node1', host: '127.0.0.1', port: 3001 },
  { name: 'node2', host: '127.0.0.1', port: 3002 },
];

/** The production example the README shows: three nodes on one machine, TLS on 443. */
const productionOptions = {
  bind: { host: '0.0.0.0', port: 443, crt: '/etc/haproxy/certs/play.example.com.pem' },
  nodes: [3001, 3002, 3003].map((port, i) => ({ name: `node${i + 1}`, host: '127.0.0.1', port })),
  header: ['/etc/haproxy/haproxy.cfg: what scripts/haproxyConfig.mjs makes for three nodes on this machine.'],
};

/** `haproxy -c` of a configuration: its exit status and what it said. */
function check(config: string): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-check-'));
  try {
    const file = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(file, config);
    const result = spawnSync(haproxy as string, ['-c', '-f', file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the generated HAProxy configuration', () => {
  const config = haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: twoNodes });
  const lines = config.split('\n').map((line) => line.trim());

  it('checks readiness actively, sticks by cookie, tunnels WebSockets, retries a refused connection elsewhere', () => {
    for (const line of [
      'mode http',
      'bind 127.0.0.1:3000',
      'option httpchk',
      'http-check send meth GET uri /api/ready',
      'http-check expect status 200',
      'default-server check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down',
      'balance roundrobin',
      'cookie lb_node insert indirect nocache httponly',
      'timeout tunnel 1h',
      'retries 2',
      'option redispatch 1',
      'option forwardfor',
      'http-request set-header X-Forwarded-Proto %[ssl_fc,iif(https,http)]',
      'server node1 127.0.0.1:3001 cookie node1',
      'server node2 127.0.0.1:3002 cookie node2',
      'option allbackups',
      'server node1-anyway 127.0.0.1:3001 backup no-check',
      'server node2-anyway 127.0.0.1:3002 backup no-check',
    ]) {
      expect(lines).toContain(line);
    }
    // Longer than Socket.IO's heartbeat (25 s + 20 s): an idle socket or polling request is not cut.
    expect(lines).toContain('timeout client 60s');
    expect(lines).toContain('timeout server 60s');
  });

  it('writes TLS on the bind line when given a certificate, and IPv6 addresses HAProxy can read', () => {
    const tls = haproxyConfig({ bind: { host: '::', port: 443, crt: '/etc/haproxy/site.pem' }, nodes: [{ name: 'n1', host: '::1', port: 3001 }] });
    expect(tls).toContain('    bind ipv6@:::443 ssl crt /etc/haproxy/site.pem alpn h2,http/1.1\n');
    expect(tls).toContain('    server n1 ipv6@::1:3001 cookie n1\n');
  });

  it('refuses what HAProxy would misread', () => {
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: [] })).toThrow(/no nodes/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: [twoNodes[0]!, twoNodes[0]!] })).toThrow(/two nodes named node1/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: [{ name: 'a b', host: '127.0.0.1', port: 1 }] })).toThrow(/node name/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1', port: 0 }, nodes: twoNodes })).toThrow(/not a port/);
    expect(() => haproxyConfig({ bind: { host: '127.0.0.1 ', port: 3000 }, nodes: twoNodes })).toThrow(/not a host/);
  });

  it("is the configuration the README's production section shows", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const shown = /### Reverse proxy \(HAProxy\)[\s\S]*?```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(haproxyConfig(productionOptions));
  });
});

describe.runIf(haproxy)('haproxy -c', () => {
  it('accepts the configuration start:cluster writes', () => {
    const result = check(haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: twoNodes }));
    expect(result, result.output).toMatchObject({ status: 0 });
  });

  it("accepts the README's production configuration, with a certificate where it names one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-crt-'));
    try {
      // HAProxy reads the certificate while checking: a throwaway self-signed one stands in.
      const pem = path.join(dir, 'site.pem');
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=play.example.com', '-days', '1', '-keyout', pem, '-out', `${pem}.crt`], { encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      fs.appendFileSync(pem, fs.readFileSync(`${pem}.crt`));
      const result = check(haproxyConfig({ ...productionOptions, bind: { ...productionOptions.bind, crt: pem } }));
      expect(result, result.output).toMatchObject({ status: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a configuration with a mistake (the check is not a formality)', () => {
    const broken = haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, nodes: twoNodes }).replace('balance roundrobin', 'balance round-robin');
    expect(check(broken).status).not.toBe(0);
  });
});
