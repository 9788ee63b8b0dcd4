import { describe, expect, it } from 'vitest';
import { CARROM_STEPS_PER_SECOND, shotSpeed } from '../../protocol/carrom.ts';
import { startCoins } from '../../rules/carrom/board.ts';
import { carromRules, replayShot, runShot, startShot, type ShotPiece } from '../../rules/carrom/index.ts';
import { createPlayback, interpolatePieces, playbackAt, settledPieces, stepClock, type PieceKind } from '../../src/games/carrom/shotAnimation.ts';

/** The shot animation's pure part: the clock, the interpolation between steps, the lazily stepped playback. */

const msAt = (step: number) => (step * 1000) / CARROM_STEPS_PER_SECOND;
const kindOf = (): PieceKind => 'white';
const piece = (id: string, x: number, y: number, onBoard = true): ShotPiece => ({ id, x, y, onBoard });

/** A hard break from white's baseline into the rosette: many pieces move, some for a long time. */
const BREAK = { x: 140, y: 250, angle: -Math.PI / 2 + 0.05, speed: shotSpeed(60) };

describe('stepClock', () => {
  it.each([
    [0, 0, 0],
    [-50, 0, 0],
    [msAt(1), 1, 0],
    [1000, 45, 0],
    [msAt(10) + msAt(1) / 4, 10, 0.25],
  ])('%s ms after the start is step %s and %s of the way to the next', (elapsed, step, fraction) => {
    const clock = stepClock(elapsed);
    expect(clock.step).toBe(step);
    expect(clock.fraction).toBeCloseTo(fraction, 9);
  });
});

describe('interpolatePieces', () => {
  it('puts every piece the fraction of the way from one step to the next', () => {
    const drawn = interpolatePieces([piece('w1', 10, 20), piece('striker', 100, 250)], [piece('w1', 20, 10), piece('striker', 100, 240)], 0.25, (id) =>
      id === 'striker' ? 'striker' : 'white',
    );
    expect(drawn).toEqual([
      { id: 'w1', kind: 'white', x: 12.5, y: 17.5, alpha: 1 },
      { id: 'striker', kind: 'striker', x: 100, y: 247.5, alpha: 1 },
    ]);
  });

  it('fades a piece falling into a pocket between the two steps, and leaves out one already gone', () => {
    const drawn = interpolatePieces([piece('b1', 20, 20), piece('b2', 8, 8, false)], [piece('b1', 8, 8, false), piece('b2', 8, 8, false)], 0.5, kindOf);
    expect(drawn).toEqual([{ id: 'b1', kind: 'white', x: 14, y: 14, alpha: 0.5 }]);
  });

  it('keeps the fraction within one step', () => {
    const [over] = interpolatePieces([piece('w1', 0, 0)], [piece('w1', 10, 0)], 1.7, kindOf);
    const [under] = interpolatePieces([piece('w1', 0, 0)], [piece('w1', 10, 0)], -1, kindOf);
    expect([over?.x, under?.x]).toEqual([10, 0]);
  });
});

describe('a shot played back', () => {
  it('starts from the board and the striker at its launch spot', () => {
    const coins = startCoins();
    const frame = playbackAt(createPlayback(startShot(coins, BREAK)), 0);
    expect(frame.step).toBe(0);
    expect(frame.finished).toBe(false);
    expect(frame.pieces.filter((p) => p.kind !== 'striker')).toEqual(settledPieces(coins));
    expect(frame.pieces.find((p) => p.kind === 'striker')).toMatchObject({ x: 140, y: 250, alpha: 1 });
  });

  it('draws between step n and n + 1 by the time elapsed, exactly the simulation’s positions on whole steps', () => {
    const coins = startCoins();
    const whole = runShot(coins, BREAK, { frames: true });
    const frames = whole.frames ?? [];
    const playback = createPlayback(startShot(coins, BREAK));
    // 200 ms is step 9 exactly (200 × 45 / 1000).
    const onStep = playbackAt(playback, 200);
    expect(onStep.step).toBe(9);
    // frames[k] is the board after k + 1 steps.
    const after9 = frames[8] ?? [];
    const after10 = frames[9] ?? [];
    for (const drawn of onStep.pieces) {
      const at = after9.find((p) => p.id === drawn.id);
      expect([drawn.x, drawn.y]).toEqual([at?.x, at?.y]);
    }
    const between = playbackAt(playback, msAt(9.5));
    expect(between.step).toBe(9);
    for (const drawn of between.pieces) {
      const a = after9.find((p) => p.id === drawn.id);
      const b = after10.find((p) => p.id === drawn.id);
      if (!a || !b || !b.onBoard) continue;
      expect(drawn.x).toBeCloseTo((a.x + b.x) / 2, 9);
      expect(drawn.y).toBeCloseTo((a.y + b.y) / 2, 9);
    }
  });

  it('never goes back in time, and finishes on the simulation’s last step with everything at rest', () => {
    const coins = startCoins();
    const outcome = runShot(coins, BREAK);
    const playback = createPlayback(startShot(coins, BREAK));
    expect(playbackAt(playback, msAt(40)).step).toBe(40);
    expect(playbackAt(playback, msAt(5)).step).toBe(40);
    expect(playbackAt(playback, msAt(outcome.steps) - 1).finished).toBe(false);
    const last = playbackAt(playback, msAt(outcome.steps) + 1);
    expect(last.finished).toBe(true);
    expect(last.step).toBe(outcome.steps);
    expect(playbackAt(playback, msAt(outcome.steps) + 5_000).step).toBe(outcome.steps);
    const resting = last.pieces.filter((p) => p.kind !== 'striker');
    expect(resting).toEqual(settledPieces(outcome.coins));
  });

  it("replays a stored shot onto the server's board", () => {
    const state = carromRules.create(['white-player', 'black-player'], 'ef'.repeat(32), 0);
    const played = carromRules.apply(state, 'white-player', { playerId: 'white-player', strikerPosition: 140, angle: BREAK.angle, speed: BREAK.speed, hitStrength: 60 }, 0);
    const lastMove = played.lastMove;
    if (!lastMove) throw new Error('no shot');
    const playback = createPlayback(replayShot(lastMove, 'white'));
    const last = playbackAt(playback, msAt(lastMove.steps) + 1);
    expect(last.finished).toBe(true);
    // Pieces put back after the shot are the only ones the replay cannot know about.
    const kept = (id: string) => !lastMove.returned.includes(id);
    expect(last.pieces.filter((p) => p.kind !== 'striker' && kept(p.id))).toEqual(settledPieces(played.coins).filter((p) => kept(p.id)));
  });
});
