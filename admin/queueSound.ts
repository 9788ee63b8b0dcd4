import { useSyncExternalStore } from 'react';

/**
 * The dashboard's chime when the queues change. Browsers keep audio silent until the page has had a
 * user gesture, so the AudioContext is made on the operator's first click or key press; before that
 * the chime is skipped. Synthesised with Web Audio: no sound file to ship.
 */
let context: AudioContext | null = null;
const listeners = new Set<() => void>();

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

function unlock(): void {
  if (context) return;
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context = new Context();
    void context.resume?.().catch(() => undefined);
  } catch (error) {
    console.warn('Sound is not available', error);
    return;
  }
  for (const listener of [...listeners]) listener();
}

/** Waits for the first gesture on the page; returns the unsubscribe. */
export function unlockSoundOnFirstGesture(): () => void {
  if (context) return () => undefined;
  const onGesture = () => {
    unlock();
    stop();
  };
  const stop = () => {
    window.removeEventListener('pointerdown', onGesture, true);
    window.removeEventListener('keydown', onGesture, true);
  };
  window.addEventListener('pointerdown', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
  return stop;
}

export function useSoundUnlocked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => context !== null,
  );
}

/** Two short rising tones; nothing before the first gesture. */
export function playQueueChime(): void {
  if (!context) return;
  try {
    const start = context.currentTime;
    for (const [index, frequency] of [660, 990].entries()) {
      const at = start + index * 0.14;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    }
  } catch (error) {
    console.warn('Could not play the queue chime', error);
  }
}

/** Tests start from a page that has had no gesture. */
export function resetQueueSound(): void {
  void context?.close?.().catch(() => undefined);
  context = null;
  for (const listener of [...listeners]) listener();
}
