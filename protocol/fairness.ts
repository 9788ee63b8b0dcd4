import type { BlotCard, BlotContract, CombinationDecision } from './blot.ts';
import type { CarromFoul } from './carrom.ts';
import type { RpsChoice } from './rps.ts';

/**
 * Provably fair (issue 18): what a game's proof looks like on the wire, and the verdict of checking
 * one. The proof is everything needed to replay a game through its rules (rules/verify.ts): the server
 * seed revealed at the end, its SHA-256 committed at the start, both players' client seeds, and every
 * accepted input in order, each with the digest of the state it left. The proof's and the client seed's
 * schemas are in fairnessProof.ts, so the app's first load (which needs only these constants) does not
 * carry them.
 */

export const fairnessText = {
  notOver: 'The proof is ready once the game is over',
  noProof: 'This game was played before proofs were kept',
  neverDrawn: 'This game was canceled before its first draw: there is nothing to prove',
  clientSeedFormat: 'A client seed is 16 to 64 hex digits (0-9, a-f)',
  clientSeedLate: "The game's first draw is already made",
  clientSeedTwice: 'Your client seed for this game is already in',
  gameStarting: 'The game is starting',
} as const;

/** The label that starts the message the game's seed is derived with (rules/random.ts gameSeedOf). */
export const FAIRNESS_VERSION = 'duel-stakes/v1';

/** A client seed: 16 to 64 hex digits made on the device; '' when a player's never arrived. */
export const CLIENT_SEED_PATTERN = /^[0-9a-f]{16,64}$/;

/**
 * The phase of a game between its pairing and its first draw, while the players' apps send their client
 * seeds (at most CLIENT_SEED_WAIT_MS): the view then carries only the common fields, and moves are refused.
 */
export const SEEDING_PHASE = 'seeding';

/** How long the first draw waits for the client seeds (the app's asset preload is capped the same). */
export const CLIENT_SEED_WAIT_MS = 3000;

export const proofActions = ['create', 'move', 'timeout', 'leave', 'cancel'] as const;
export type ProofAction = (typeof proofActions)[number];

export type { GameProof, ProofInput, ProofResult } from './fairnessProof.ts';

/** A backgammon point as its mover counts it (24 → 1), the bar, borne off, or null for a point that is none. */
export type BackgammonPointName = number | 'bar' | 'off' | null;

/** Two dice as rolled. */
export type DicePair = [number, number];

/** A card named in a step: its value and suit (the game-wide `_id` says nothing to a player). */
export type BlotCardName = Pick<BlotCard, 'value' | 'suit'>;

/** What a Belote move did: a bid, the With Card / Without decision, or a card played. */
export type BlotDeed =
  | { did: 'took'; card: BlotCardName }
  | { did: 'passed' }
  | { did: 'chose'; trump: BlotContract }
  | { did: 'with-card'; card: BlotCardName }
  | { did: 'without' }
  | { did: 'played'; card: BlotCardName; combinations: CombinationDecision | null };

/**
 * A step of a replay told as facts, not words (rules/stepDetail.ts): the Verify page says each one in the
 * player's language ("rolled 5 and 3", "выпало 5 и 3"). `say` names the fact; the rest is what it needs.
 */
export type StepPhrase =
  | { say: 'rps-chose'; choice: RpsChoice }
  | { say: 'rps-round-began'; round: number }
  | { say: 'rps-round-ran-out'; round: number }
  | { say: 'rps-auto-picked'; choice: RpsChoice }
  /** One die of the opening roll; a tie is thrown again. */
  | { say: 'backgammon-opening-die'; die: number; tie: boolean }
  | { say: 'backgammon-moves-first'; dice: DicePair }
  | { say: 'backgammon-first-turn' }
  | { say: 'backgammon-passed' }
  | { say: 'backgammon-moved'; auto: boolean; moves: { from: BackgammonPointName; to: BackgammonPointName; hit: boolean }[] }
  /** An automatic turn's play, drawn among `plays` legal ones (1: the draw had one outcome). */
  | { say: 'backgammon-play-picked'; plays: number }
  | { say: 'backgammon-rolled'; dice: DicePair }
  | { say: 'blot-first-dealer' }
  /** Cards dealt to a player: the first five, or (`rest`) those filling the hand once the contract is fixed. */
  | { say: 'blot-dealt'; cards: BlotCardName[]; rest: boolean }
  | { say: 'blot-face-up'; card: BlotCardName }
  | { say: 'blot-next-deal'; deal: number }
  /** A bid or a card; `ranOut` when the server made it at the deadline, `roundCanceled` when it ended the bidding with two passes each. */
  | { say: 'blot-move'; deed: BlotDeed; ranOut: boolean; roundCanceled: boolean }
  /** The lowest legal cards an automatic card was drawn among. */
  | { say: 'blot-auto-card'; cards: BlotCardName[] }
  | {
      say: 'carrom-shot';
      /** The pull, rounded, out of CARROM_MAX_PULL; null when the proof's is no number. */
      pull: number | null;
      pocketed: { white: number; black: number; queen: boolean; striker: boolean };
      queenCovered: boolean;
      fouls: CarromFoul[];
      /** Pieces put back on the board. */
      returned: number;
      /** The shooter keeps the turn. */
      again: boolean;
    }
  | { say: 'carrom-ran-out'; forfeited: boolean };

/** One line of a step: a fact, and (`player`, an id) whom it is about when that is not plainly the step's actor. */
export type StepLine = StepPhrase & { player?: string };

/** One step of a verified replay, for the Verify page: what happened, and how many draws it took. */
export interface VerifiedStep {
  /** 1-based position among the proof's inputs. */
  step: number;
  at: string;
  actor: string;
  action: ProofAction;
  /** Random draws (seeded blocks) this step used: a roll, a deal, an auto-pick. */
  draws: number;
  /**
   * What the step did (rules/stepDetail.ts): "moved 13→7, 8→7", "chose Rock". `player` is whom it was done
   * for when that is not the actor (a timeout's automatic action); the page names them.
   */
  move?: StepLine;
  /** What its draws produced, and cards dealt, a line each: "rolled 5 and 3", "dealt …"; `player` as in `move`. */
  drawn?: StepLine[];
}

/** Why a proof does not hold; `reason` says it in English for the CLI, the app says the code's translation. */
export const proofFailures = [
  'unchecked',
  'not-a-proof',
  'other-game',
  'not-your-game',
  'seed-hash',
  'client-seed',
  'server-seed',
  'no-creation',
  'created-early',
  'after-the-end',
  'created-twice',
  'early-timeout',
  'refused',
  'state',
  'no-end',
  'result',
] as const;
export type ProofFailure = (typeof proofFailures)[number];

/**
 * The words a failed check writes in place of a value ("expected: nothing more"), so the app can show
 * them translated; `orLater` ends a time ("2025-03-14T15:09:26.000Z or later").
 */
export const proofValueText = {
  aProof: 'a game proof',
  unreadable: 'unreadable',
  nothing: 'nothing',
  nothingMore: 'nothing more',
  anotherInput: 'a move, timeout, leave or cancel',
  acceptedInput: 'an accepted input',
  noDeadline: 'no deadline',
  inProgress: 'a game still in progress',
  noSeed: '(none)',
  orLater: ' or later',
} as const;

/**
 * The verdict. A failure names its step: 0 is the commitment (the server seed against its hash), 1 to
 * n the inputs, n + 1 the result; `action` is the refused input's (code 'refused').
 */
export type Verdict =
  | { ok: true; steps: VerifiedStep[] }
  | { ok: false; step: number; code: ProofFailure; action?: ProofAction; reason: string; expected: string; got: string };
