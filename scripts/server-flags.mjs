// The Node.js flags every server process runs with: `npm start` (package.json), the cluster's nodes
// (cluster.mjs), the production unit (README), the benches' node and the tests' real server processes;
// not `npm run dev`'s watcher, which serves one developer.
//
// --max-semi-space-size=64 (MB; V8's default here is 16): a node's young generation is where each
// request's, move's and update's short-lived objects are made. At 16 MB it fills every ~0.3 s under
// load, so objects still in use across two scavenges (a game's copy between two moves, a request waiting
// on PostgreSQL) are promoted to the old generation and die there soon after; the old generation grows
// ~3 MB/s and is marked again every ~10 s, concurrently, on V8's helper threads, which on a small box
// take the cores PostgreSQL needs for ~100 ms: every move in flight waits. At 64 MB a scavenge comes
// less than half as often, so less lives long enough to be promoted, and the RPS benchmark's tail,
// which was those stalls, went with it (bench/README.md, "A seventh session"). It costs up to ~100 MB
// more memory per node.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
