/**
 * Reading a server's GET /metrics in tests: shared by metrics.test.ts (the counters moved by what
 * happened) and ops.test.ts (every name the alerts and the dashboard ask for is exported).
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format as prom-client writes it: `name{a="b",c="d"} value`, comments skipped. */
export function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels` (0 when none: a counter never touched). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics from a metrics server on loopback, as Prometheus would; throws on anything but a 200 in text. */
export async function scrapeText(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain')) throw new Error(`GET /metrics answered ${type}, not text/plain`);
  return res.text();
}
