import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../protocol/socket.ts';
import type { OperatorPermission } from '../protocol/operators.ts';
import type { SessionOperator } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { UserRow } from './db/schema.ts';
import type { AuthLimits } from './http/rateLimits.ts';
import type { Mover } from './http/guards.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { MetricsServer } from './metrics/server.ts';
import type { DepositRules } from './wallet/depositRules.ts';
import type { ChainGateway } from './wallet/gateway.ts';

/** What one node tells the others (through Redis, Socket.IO's server-side emit). */
export interface NodeEvents {
  /** These sessions have ended (auth/knownSessions.ts endSessions). */
  'sessions-ended': (tokenHashes: string[]) => void;
  /** An operator watches the dashboard on the sending node (games/admin.ts). */
  operatorsWatching: () => void;
}

export type Sockets = SocketServer<ClientToServerEvents, ServerToClientEvents, NodeEvents>;

/** What every route and worker may use; built once in app.ts. */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  mailer: Mailer;
  authLimits: AuthLimits;
  sockets: Sockets;
  wallet: { gateway: ChainGateway; rules: DepositRules; pollMs: number };
  /** This node's Prometheus metrics (server/metrics): counted on the paths, served on METRICS_PORT. */
  metrics: Metrics;
}

/** An /api/admin route and the permission its operator's role must allow (app.ts collects them). */
export interface OperatorRoute {
  method: string;
  url: string;
  permission: OperatorPermission | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an operator's role must allow for this /api/admin route (protocol/operators.ts); none: refused. */
    permission?: OperatorPermission;
  }
  interface FastifyInstance {
    services: Services;
    /** Every /api/admin route but the sign-in, with its permission. */
    operatorRoutes: OperatorRoute[];
    /** The metrics server once the app is ready, when METRICS_PORT is set (server/metrics/app.ts). */
    metricsServer(): MetricsServer | null;
  }
  interface FastifyRequest {
    /** Set by the player-session guard. */
    user: UserRow | null;
    /** Set by the guard of the routes that need only the player's id (guards.ts requirePlayer). */
    playerId: string | null;
    /** Set by the move routes' guard (guards.ts requireMover). */
    mover: Mover | null;
    /** Set by the operator-session guard. */
    admin: SessionOperator | null;
  }
}
