/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by `DEV_TELEGRAM=1 npm run dev` (scripts/dev.mjs): initData signed with the dev bot token. */
  readonly VITE_DEV_INIT_DATA?: string;
}
