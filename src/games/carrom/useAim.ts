import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { screenPixels, type BoardPoint, type BoardProjection, type ScreenPoint } from '../../../protocol/carrom.ts';
import { lockVerticalSwipes, unlockVerticalSwipes } from '../../platform/telegram.ts';
import { aimOf, grabsStriker, type Aim } from './geometry.ts';

interface UseAimOptions {
  canvas: RefObject<HTMLCanvasElement | null>;
  view: BoardProjection;
  /** Where the striker stands; null when there is none to aim with. */
  striker: BoardPoint | null;
  /** The player may aim now: their turn, nothing playing, nothing on its way, time left. */
  enabled: boolean;
  /** A drag let go: the aim at that moment (the caller decides whether it is strong enough to shoot). */
  onRelease: (aim: Aim) => void;
}

export interface AimHandlers {
  onPointerDown: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLCanvasElement>) => void;
  onPointerCancel: () => void;
}

function pointerOn(canvas: HTMLCanvasElement, event: ReactPointerEvent<HTMLCanvasElement>): ScreenPoint {
  const rect = canvas.getBoundingClientRect();
  return { x: screenPixels(event.clientX - rect.left), y: screenPixels(event.clientY - rect.top) };
}

/**
 * Aiming by dragging back from the striker: press on it, pull away (the striker will go the opposite
 * way, harder the longer the pull, up to 60), let go to shoot. The pointer is captured, so the drag
 * keeps its aim when the finger leaves the canvas. While the player may aim, Telegram's vertical swipes
 * are locked (from before the first touch), so a downward pull never pulls the Mini App away.
 */
export function useAim({ canvas, view, striker, enabled, onRelease }: UseAimOptions): { aim: Aim | null; handlers: AimHandlers } {
  const [aim, setAim] = useState<Aim | null>(null);
  const pointer = useRef<number | null>(null);
  const release = useRef(onRelease);
  release.current = onRelease;

  useEffect(() => {
    if (!enabled) {
      pointer.current = null;
      setAim(null);
      return;
    }
    lockVerticalSwipes();
    return () => unlockVerticalSwipes();
  }, [enabled]);

  const track = (event: ReactPointerEvent<HTMLCanvasElement>): Aim | null => {
    const element = canvas.current;
    if (!element || !striker || event.pointerId !== pointer.current) return null;
    return aimOf(striker, pointerOn(element, event), view);
  };

  const handlers: AimHandlers = {
    onPointerDown(event) {
      const element = canvas.current;
      if (!enabled || !element || !striker || pointer.current !== null) return;
      if (!grabsStriker(striker, pointerOn(element, event), view)) return;
      event.preventDefault();
      pointer.current = event.pointerId;
      // Not every engine has pointer capture (jsdom has none); the drag still works without it.
      try {
        element.setPointerCapture?.(event.pointerId);
      } catch {
        // A pointer that is already gone cannot be captured.
      }
      setAim(aimOf(striker, pointerOn(element, event), view));
    },
    onPointerMove(event) {
      const next = track(event);
      if (next) setAim(next);
    },
    onPointerUp(event) {
      const final = track(event);
      pointer.current = null;
      setAim(null);
      if (final) release.current(final);
    },
    onPointerCancel() {
      pointer.current = null;
      setAim(null);
    },
  };

  return { aim: enabled ? aim : null, handlers };
}
