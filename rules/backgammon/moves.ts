import type { OwnBoard } from './board.ts';

/**
 * Legal move generation on an OwnBoard (board.ts): every distinct final position the mover may reach
 * with the dice, under the full standard rules (../shared/rules/backgammon.md):
 * - a checker on the bar enters before any other moves;
 * - a checker may land on an empty point, its own, or a single opposing checker (hit: it goes to its bar);
 * - bearing off only with all 15 home, by the exact die, or by a higher die from the highest occupied point;
 * - maximum dice usage: both dice when any sequence plays both; if only one can be played, the larger when
 *   possible; with doubles as many of the four as possible.
 *
 * One depth-first search on a single scratch board with undo. Non-doubles are searched in both die
 * orders. Doubles are searched with sources never increasing along the sequence (after a checker moves
 * from point p, the next move starts at p or below): any legal sequence of equal dice can be reordered
 * that way without changing its final position, because moving a lower checker never enables a higher
 * one (the bar is the highest source; bearing off depends only on checkers above or outside). That cuts
 * the 4! orders of a doubles turn to one, and leaves about as many leaves as there are distinct results.
 *
 * Leaves are deduplicated by an incrementally kept Zobrist hash in an open-addressing table, confirmed by
 * comparing the boards byte by byte, so a hash collision can never merge two positions. Boards and plays
 * of the leaves go to flat typed arrays reused from one generation to the next: a generation allocates
 * little more than its result.
 */

// Local copies of board.ts's OWN_BAR, OWN_OFF, HOME_TOP and the 15 checkers: imported bindings can
// compile to getter calls (tsx, CommonJS interop), which cost a quarter of the time in the hot loops.
const OWN_BAR = 25;
const OWN_OFF = 0;
const HOME_TOP = 6;
const CHECKERS = 15;
const SLOTS = 26;
/** Steps of a play: [from, die] × up to 4. */
const PLAY_STRIDE = 8;

/** A play: steps as [from, die, from, die, …] in own numbering (from 25 = the bar; to = from − die, ≤ 0 = off). */
export type Play = number[];

/** Mover checkers outside the home board (points 7–24 and the bar). */
export function outsideCount(board: OwnBoard): number {
  let n = 0;
  for (let i = HOME_TOP + 1; i <= OWN_BAR; i += 1) if ((board[i] as number) > 0) n += board[i] as number;
  return n;
}

/**
 * Where a checker from `from` lands with `die`: a point 1–24, 0 for off, or -1 when the move is illegal.
 * `outside` is outsideCount(board).
 */
export function targetOf(board: OwnBoard, from: number, die: number, outside: number): number {
  if (from < 1 || from > OWN_BAR || (board[from] as number) <= 0) return -1;
  if (from !== OWN_BAR && (board[OWN_BAR] as number) > 0) return -1;
  const to = from - die;
  if (to >= 1) return (board[to] as number) >= -1 ? to : -1;
  if (outside > 0) return -1;
  if (to === 0) return OWN_OFF;
  for (let p = from + 1; p <= HOME_TOP; p += 1) if ((board[p] as number) > 0) return -1;
  return OWN_OFF;
}

/** Moves a checker (the move must be legal); returns whether it hit. */
export function playStep(board: OwnBoard, from: number, to: number): boolean {
  board[from] = (board[from] as number) - 1;
  if (to === OWN_OFF) {
    board[OWN_OFF] = (board[OWN_OFF] as number) + 1;
    return false;
  }
  const hit = board[to] === -1;
  board[to] = hit ? 1 : (board[to] as number) + 1;
  return hit;
}

/** A board in one string (exact: every count maps to its own char); for tests and debugging. */
export function positionKey(board: OwnBoard): string {
  return String.fromCharCode.apply(null, board as unknown as number[]);
}

// Zobrist codes per (slot, count + 16), from a fixed xorshift sequence.
const ZOBRIST = new Int32Array(SLOTS * 32);
{
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < ZOBRIST.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    ZOBRIST[i] = x;
  }
}

function hashOf(board: OwnBoard): number {
  let hash = 0;
  for (let i = 0; i < SLOTS; i += 1) hash ^= ZOBRIST[i * 32 + (board[i] as number) + 16] as number;
  return hash;
}

function sameBoard(a: OwnBoard, aAt: number, b: OwnBoard, bAt: number): boolean {
  for (let i = 0; i < SLOTS; i += 1) if (a[aAt + i] !== b[bAt + i]) return false;
  return true;
}

/** The result of a generation: the legal final positions and one play reaching each. */
export class MoveSet {
  #plays: Play[] | null = null;
  #index: Map<number, number[]> | null = null;

  constructor(
    /** How many dice every legal play uses; 0 when nothing can move. */
    readonly dice: number,
    /** How many distinct final positions. */
    readonly size: number,
    private readonly boards: Int8Array,
    private readonly steps: Int8Array,
  ) {}

  /** One play per distinct final position, in search order. */
  get plays(): Play[] {
    if (this.#plays === null) {
      const length = this.dice * 2;
      const plays: Play[] = new Array<Play>(this.size);
      for (let i = 0; i < this.size; i += 1) {
        const play: Play = new Array<number>(length);
        for (let j = 0; j < length; j += 1) play[j] = this.steps[i * length + j] as number;
        plays[i] = play;
      }
      this.#plays = plays;
    }
    return this.#plays;
  }

  /** The final positions, same order as `plays`. */
  finalBoards(): OwnBoard[] {
    return Array.from({ length: this.size }, (_, i) => this.boards.slice(i * SLOTS, (i + 1) * SLOTS));
  }

  /** Whether `board` is one of the legal final positions. */
  isFinal(board: OwnBoard): boolean {
    if (this.#index === null) {
      this.#index = new Map();
      for (let i = 0; i < this.size; i += 1) {
        const hash = hashOf(this.boards.subarray(i * SLOTS, (i + 1) * SLOTS));
        const same = this.#index.get(hash);
        if (same) same.push(i);
        else this.#index.set(hash, [i]);
      }
    }
    for (const i of this.#index.get(hashOf(board)) ?? []) if (sameBoard(this.boards, i * SLOTS, board, 0)) return true;
    return false;
  }
}

// The search's working state, module-level and reused: generate() is synchronous and never re-entered.
const scratch = new Int8Array(SLOTS);
const path = new Int8Array(PLAY_STRIDE);
const seq = [0, 0, 0, 0];
let nDice = 0;
let doubles = false;
let larger = 0;
let outside = 0;
let hash = 0;
let best = 0;
// Distinct leaves so far: boards, plays, hashes, whether the play's single die is the larger one.
let capacity = 1024;
let leafBoards = new Int8Array(capacity * SLOTS);
let leafSteps = new Int8Array(capacity * PLAY_STRIDE);
let leafHashes = new Int32Array(capacity);
let leafLarger = new Uint8Array(capacity);
let count = 0;
// Open addressing: leaf index + 1, 0 = empty; kept at most half full.
let table = new Int32Array(capacity * 2);
let mask = table.length - 1;

function forget(): void {
  for (let i = 0; i < count; i += 1) {
    let slot = (leafHashes[i] as number) & mask;
    while (table[slot] !== 0) {
      table[slot] = 0;
      slot = (slot + 1) & mask;
    }
  }
  count = 0;
}

function insertIndex(index: number): void {
  let slot = (leafHashes[index] as number) & mask;
  while (table[slot] !== 0) slot = (slot + 1) & mask;
  table[slot] = index + 1;
}

function grow(): void {
  capacity *= 2;
  const boards = new Int8Array(capacity * SLOTS);
  boards.set(leafBoards);
  leafBoards = boards;
  const steps = new Int8Array(capacity * PLAY_STRIDE);
  steps.set(leafSteps);
  leafSteps = steps;
  const hashes = new Int32Array(capacity);
  hashes.set(leafHashes);
  leafHashes = hashes;
  const largers = new Uint8Array(capacity);
  largers.set(leafLarger);
  leafLarger = largers;
  table = new Int32Array(capacity * 2);
  mask = table.length - 1;
  for (let i = 0; i < count; i += 1) insertIndex(i);
}

/** Sets scratch[i], keeping the hash. */
function put(i: number, value: number): void {
  hash ^= (ZOBRIST[i * 32 + (scratch[i] as number) + 16] as number) ^ (ZOBRIST[i * 32 + value + 16] as number);
  scratch[i] = value;
}

function leaf(depth: number): void {
  if (depth < best) return;
  if (depth > best) {
    best = depth;
    forget();
  }
  const usesLarger = depth === 1 && path[1] === larger;
  let slot = hash & mask;
  for (let entry = table[slot] as number; entry !== 0; entry = table[slot] as number) {
    const index = entry - 1;
    if (leafHashes[index] === hash && sameBoard(leafBoards, index * SLOTS, scratch, 0)) {
      if (usesLarger && !leafLarger[index]) {
        leafSteps.set(path, index * PLAY_STRIDE);
        leafLarger[index] = 1;
      }
      return;
    }
    slot = (slot + 1) & mask;
  }
  if (count + 1 > capacity) {
    grow();
    slot = hash & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
  }
  leafBoards.set(scratch, count * SLOTS);
  leafSteps.set(path, count * PLAY_STRIDE);
  leafHashes[count] = hash;
  leafLarger[count] = usesLarger ? 1 : 0;
  table[slot] = count + 1;
  count += 1;
}

function search(depth: number, maxFrom: number): void {
  if (depth === nDice) {
    leaf(depth);
    return;
  }
  const die = seq[depth] as number;
  const onBar = (scratch[OWN_BAR] as number) > 0;
  const low = onBar ? OWN_BAR : 1;
  let moved = false;
  for (let from = onBar ? OWN_BAR : maxFrom; from >= low; from -= 1) {
    if ((scratch[from] as number) <= 0) continue;
    const to = targetOf(scratch, from, die, outside);
    if (to < 0) continue;
    moved = true;
    const before = scratch[to] as number;
    put(from, (scratch[from] as number) - 1);
    put(to, before === -1 ? 1 : before + 1);
    const home = from > HOME_TOP && to <= HOME_TOP;
    if (home) outside -= 1;
    path[depth * 2] = from;
    path[depth * 2 + 1] = die;
    // With the last checker off there is nothing left to move.
    if (depth + 1 === nDice || scratch[OWN_OFF] === CHECKERS) leaf(depth + 1);
    else search(depth + 1, doubles ? from : OWN_BAR);
    if (home) outside += 1;
    put(to, before);
    put(from, (scratch[from] as number) + 1);
  }
  if (!moved) leaf(depth);
}

/** The kept leaves, compacted into fresh arrays (local bindings: the loops stay tight). */
function collect(largerOnly: boolean, size: number, length: number): { boards: Int8Array; steps: Int8Array } {
  if (!largerOnly && length === PLAY_STRIDE) {
    return { boards: leafBoards.slice(0, count * SLOTS), steps: leafSteps.slice(0, count * PLAY_STRIDE) };
  }
  const fromBoards = leafBoards;
  const fromSteps = leafSteps;
  const flags = leafLarger;
  const boards = new Int8Array(size * SLOTS);
  const steps = new Int8Array(size * length);
  let n = 0;
  for (let i = 0; i < count; i += 1) {
    if (largerOnly && !flags[i]) continue;
    boards.set(fromBoards.subarray(i * SLOTS, (i + 1) * SLOTS), n * SLOTS);
    for (let j = 0; j < length; j += 1) steps[n * length + j] = fromSteps[i * PLAY_STRIDE + j] as number;
    n += 1;
  }
  return { boards, steps };
}

/** Every distinct legal final position for the mover of `board` with dice `d1`, `d2`. `board` is not changed. */
export function generate(board: OwnBoard, d1: number, d2: number): MoveSet {
  scratch.set(board);
  hash = hashOf(scratch);
  outside = outsideCount(scratch);
  best = 0;
  forget();
  path.fill(0);
  doubles = d1 === d2;
  larger = Math.max(d1, d2);
  if (doubles) {
    nDice = 4;
    seq[0] = seq[1] = seq[2] = seq[3] = d1;
    search(0, OWN_BAR);
  } else {
    nDice = 2;
    seq[0] = d1;
    seq[1] = d2;
    search(0, OWN_BAR);
    seq[0] = d2;
    seq[1] = d1;
    search(0, OWN_BAR);
  }
  if (best === 0) return new MoveSet(0, 0, new Int8Array(0), new Int8Array(0));
  let largerOnly = false;
  if (!doubles && best === 1) for (let i = 0; i < count; i += 1) if (leafLarger[i]) largerOnly = true;
  const length = best * 2;
  let size = 0;
  for (let i = 0; i < count; i += 1) if (!largerOnly || leafLarger[i]) size += 1;
  const { boards, steps } = collect(largerOnly, size, length);
  return new MoveSet(best, size, boards, steps);
}
