import { describe, expect, it } from 'vitest';
import { boardUnits, screenPixels, shotSpeed, type BoardPoint, type ScreenPoint } from '../../protocol/carrom.ts';
import { shotError } from '../../rules/carrom/index.ts';
import { aimOf, boardXToSlider, grabsStriker, projectionFor, shotOf, sliderToBoardX } from '../../src/games/carrom/geometry.ts';
import { lockVerticalSwipes, unlockVerticalSwipes } from '../../src/platform/telegram.ts';

/** The aiming geometry, pure: the projection, the slider, the grab and the slingshot. */

const board = (x: number, y: number): BoardPoint => ({ x: boardUnits(x), y: boardUnits(y) });
const screen = (x: number, y: number): ScreenPoint => ({ x: screenPixels(x), y: screenPixels(y) });
const WHITE_STRIKER = board(150, 250);

describe('the board on the canvas', () => {
  it('fills the canvas inside a 14-unit frame: 328 px is one unit per pixel', () => {
    expect(projectionFor(328, false)).toEqual({ scale: 1, flipped: false, originX: 14, originY: 14 });
    expect(projectionFor(656, true)).toEqual({ scale: 2, flipped: true, originX: 28, originY: 28 });
  });

  it('runs the slider left to right on the screen, which is backwards on black’s turned board', () => {
    expect(sliderToBoardX(65, false)).toBe(65);
    expect(sliderToBoardX(65, true)).toBe(235);
    expect(boardXToSlider(sliderToBoardX(200, true), true)).toBe(200);
  });
});

describe('aiming', () => {
  const view = projectionFor(328, false);

  it('picks the striker up within a thumb’s reach of its centre (30 board units)', () => {
    expect(grabsStriker(WHITE_STRIKER, screen(164, 264), view)).toBe(true);
    expect(grabsStriker(WHITE_STRIKER, screen(164 + 29, 264), view)).toBe(true);
    expect(grabsStriker(WHITE_STRIKER, screen(164 + 31, 264), view)).toBe(false);
    // On a canvas twice as large the reach is twice as many pixels.
    expect(grabsStriker(WHITE_STRIKER, screen(328 + 50, 528), projectionFor(656, false))).toBe(true);
  });

  it('shoots the opposite way to the drag, as hard as the drag is long', () => {
    expect(aimOf(WHITE_STRIKER, screen(164, 304), view)).toEqual({ angle: -Math.PI / 2, pull: 40, strong: true });
    expect(aimOf(WHITE_STRIKER, screen(194, 304), view)).toMatchObject({ angle: Math.atan2(-40, -30), pull: 50 });
  });

  it('measures the pull in board units (at most 60), so it feels the same on every screen', () => {
    expect(aimOf(WHITE_STRIKER, screen(328, 528 + 80), projectionFor(656, false)).pull).toBe(40);
    expect(aimOf(WHITE_STRIKER, screen(164, 264 + 200), view).pull).toBe(60);
  });

  it('turns the angle by π on black’s board: pulling down still shoots up the screen, toward the centre', () => {
    const black = projectionFor(328, true);
    // Black's striker at board (150, 50) shows at the bottom of the canvas.
    const aim = aimOf(board(150, 50), screen(164, 264 + 40), black);
    expect(aim.angle).toBeCloseTo(Math.PI / 2, 12);
    expect(aim.pull).toBe(40);
  });

  it('makes no shot of a pull under 18, and a move the rules accept of one above', () => {
    const weak = aimOf(WHITE_STRIKER, screen(164, 264 + 17), view);
    expect(weak.strong).toBe(false);
    expect(shotOf(weak, 'me', 150)).toBeNull();
    const move = shotOf(aimOf(WHITE_STRIKER, screen(164, 264 + 18), view), 'me', 150);
    expect(move).toEqual({ playerId: 'me', strikerPosition: 150, angle: -Math.PI / 2, speed: shotSpeed(18), hitStrength: 18 });
    expect(shotError(move, 'me')).toBeNull();
  });
});

describe('the swipe lock outside Telegram', () => {
  it('does nothing and never throws', () => {
    expect(() => lockVerticalSwipes()).not.toThrow();
    expect(() => unlockVerticalSwipes()).not.toThrow();
  });
});
