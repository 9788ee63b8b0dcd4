/** One server node behind HAProxy. */
export interface HaproxyNode {
  name: string;
  host: string;
  port: number;
}

export interface HaproxyOptions {
  /** Where players connect; `crt` (a PEM with key and chain) turns TLS on. */
  bind: { host: string; port: number; crt?: string };
  nodes: HaproxyNode[];
  /** Comment lines at the top of the file. */
  header?: string[];
  /** hard-stop-after: how long a soft stop waits for open connections (30). */
  stopAfterSeconds?: number;
  /** Connections at once (8000); HAProxy needs about twice as many file descriptors. */
  maxconn?: number;
}

/** The text of haproxy.cfg for `nodes` behind `bind` (haproxyConfig.mjs says why each line is there). */
export declare function haproxyConfig(options: HaproxyOptions): string;
