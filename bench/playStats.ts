import type { GameMode } from '../protocol/constants.ts';
import { gameModes } from '../protocol/constants.ts';
import { percentileOf } from './appClient.ts';

/**
 * What the bots of the load benches see while they play (botPlayer.ts), beside the per-endpoint tally of
 * appClient.ts: each mode's move round trips, when each player's game became playable, and the events a
 * person would notice (a dropped connection, a search that ran out, a game that had to be asked for again).
 */

/** One player's seat in one game, from their Play to the first view that lets someone move. */
export interface SeatRecord {
  gameId: string;
  userId: string;
  mode: GameMode;
  /** performance.now() when this player's start-game was sent. */
  play: number;
  /** When the gameStarted (the pairing) reached this player. */
  pairedAt: number;
  /** When the first view after the game's first draw reached this player, and whether it let them move. */
  drawnAt: number | null;
  actsFirst: boolean;
}

export interface MoveSample {
  ms: number;
  /** performance.now() when the answer came. */
  at: number;
  status: number;
}

export class PlayStats {
  readonly moves: Record<GameMode, MoveSample[]> = { rps: [], blot: [], carrom: [], backgammon: [] };
  /** Sign-up to signed-in (POST /api/auth/telegram), deposit sent to credited, socket handshakes: in ms. */
  readonly depositCredited: number[] = [];
  readonly socketConnects: number[] = [];
  private readonly seats = new Map<string, SeatRecord[]>();
  readonly counts = {
    depositsSent: 0,
    /** micro-USDT the players sent to their deposit addresses. */
    depositedMicro: 0n,
    depositsNotCredited: 0,
    searchesTimedOut: 0,
    searchesCanceled: 0,
    /** A search that neither paired nor ran out in time (a lost gameStarted or search-timeout). */
    searchesLost: 0,
    gamesJoined: 0,
    gamesEnded: 0,
    /** Games whose end this player never saw (the server no longer had it as current). */
    gamesLost: 0,
    leaves: 0,
    /** Games still running a minute after their player meant to go (the player gave up waiting for the end). */
    gamesStuck: 0,
    /** Socket dropped on purpose mid-game (a phone in a tunnel), then a new one opened. */
    drops: 0,
    /** The server or the network closed a socket nobody asked to close. */
    unexpectedDisconnects: 0,
    socketFailures: 0,
    /** GET /api/current-game because an update was missing: a skipped version, no update by the deadline, a 409 answer. */
    resyncsAfterGap: 0,
    resyncsAfterWait: 0,
    resyncsAfter409: 0,
  };
  online = 0;
  peakOnline = 0;
  playing = 0;
  peakPlaying = 0;

  joined(record: SeatRecord): void {
    const list = this.seats.get(record.gameId) ?? [];
    list.push(record);
    this.seats.set(record.gameId, list);
    this.counts.gamesJoined += 1;
    this.playing += 1;
    this.peakPlaying = Math.max(this.peakPlaying, this.playing);
  }

  ended(): void {
    this.counts.gamesEnded += 1;
    this.playing -= 1;
  }

  cameOnline(): void {
    this.online += 1;
    this.peakOnline = Math.max(this.peakOnline, this.online);
  }

  wentOffline(): void {
    this.online -= 1;
  }

  move(mode: GameMode, sample: MoveSample): void {
    this.moves[mode].push(sample);
  }

  /**
   * Time to the first move, for each seat that could move first (both in RPS): from the Play that made
   * the pair (the later of the two players' start-game sends; what the server and the network add: the
   * pairing, gameStarted, both client seeds, the first draw, the update) and from the seat's own Play
   * (with the wait in the queue for an opponent, which depends on who else searches that queue).
   */
  firstMoves(): { fromPairing: number[]; fromOwnPlay: number[]; notDrawn: number } {
    const fromPairing: number[] = [];
    const fromOwnPlay: number[] = [];
    let notDrawn = 0;
    for (const seats of this.seats.values()) {
      const pairPlay = Math.max(...seats.map((seat) => seat.play));
      for (const seat of seats) {
        if (seat.drawnAt === null) {
          notDrawn += 1;
          continue;
        }
        if (!seat.actsFirst) continue;
        fromPairing.push(seat.drawnAt - pairPlay);
        fromOwnPlay.push(seat.drawnAt - seat.play);
      }
    }
    return { fromPairing, fromOwnPlay, notDrawn };
  }

  allMoves(): MoveSample[] {
    return gameModes.flatMap((mode) => this.moves[mode]);
  }

  /** The most moves answered in one whole second, counted from `since`. */
  busiestSecond(since: number): number {
    const perSecond = new Map<number, number>();
    for (const move of this.allMoves()) {
      const second = Math.floor((move.at - since) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    let busiest = 0;
    for (const count of perSecond.values()) busiest = Math.max(busiest, count);
    return busiest;
  }
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

/** A table row of latencies: label, count, p50, p95, p99, max. */
export function latencyRow(label: string, values: readonly number[]): (string | number)[] {
  if (values.length === 0) return [label, 0, '–', '–', '–', '–'];
  return [label, values.length.toLocaleString('en-US'), ms(percentileOf(values, 50)), ms(percentileOf(values, 95)), ms(percentileOf(values, 99)), ms(values.reduce((a, b) => Math.max(a, b), -Infinity))];
}

export const latencyColumns = ['what', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
