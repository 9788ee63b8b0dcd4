/** The Node.js flags every server process runs with (server-flags.mjs says why). */
export declare const SERVER_NODE_FLAGS: readonly string[];
