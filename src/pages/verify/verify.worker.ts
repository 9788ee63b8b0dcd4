import { verifyProof, type ProofExpectations } from '../../../rules/verify.ts';

/**
 * The proof's replay, in a worker of its own: a long game (hundreds of moves, carrom's physics) never
 * freezes the page, and the build bundles every game's rules here apart from the app, so the game
 * screens' chunks stay as lean as before (bench/bundle-size.bench.ts). verifyProof never throws.
 */
globalThis.addEventListener('message', (event: MessageEvent<{ proof: unknown; expected: ProofExpectations }>) => {
  globalThis.postMessage(verifyProof(event.data.proof, event.data.expected));
});
