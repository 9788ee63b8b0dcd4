import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment, validated here; each has a default that works embedded
 * (PGlite, devchain, no Telegram, no SMTP), so `npm start` needs none.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const environment = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
    PUBLIC_URL: optionalText.refine((v) => !v || /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL'),
    BOT_TOKEN: optionalText.refine((v) => !v || /^\d+:[\w-]+$/.test(v), 'must look like 123456:ABC-token'),
    BOT_USERNAME: optionalText.refine((v) => !v || /^\w{3,64}$/.test(v), 'must be a bot username without @'),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    SMTP_URL: optionalText.refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    SUPPORT_URL: optionalText.refine((v) => !v || /^https:\/\//.test(v), 'must be an https:// URL'),
    MAIL_FROM: z.string().default('Duel Stakes <no-reply@localhost>'),
    SESSION_TTL_DAYS: positiveInt(30),
    AUTH_RATE_LIMIT_MAX: positiveInt(20),
    AUTH_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_PASSWORD.length >= 8, {
    message: 'ADMIN_PASSWORD must be at least 8 characters',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  botToken: string | undefined;
  botUsername: string | undefined;
  admin: { username: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportUrl: string | undefined;
  sessionTtlMs: number;
  authRateLimit: { max: number; windowMs: number };
  logLevel: string;
  /** Where the built clients live; the server serves them when present. */
  distDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    botToken: e.BOT_TOKEN,
    botUsername: e.BOT_USERNAME,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportUrl: e.SUPPORT_URL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    logLevel: e.LOG_LEVEL,
    distDir: path.resolve('dist'),
  };
}
