import { deviceIdPattern } from '../../protocol/device.ts';
import { randomHex } from './randomHex.ts';

/**
 * This device's id: 32 random hex digits kept in localStorage, sent with every API call (the
 * x-device-id header, src/api/http.ts) and in the socket's handshake, so the server can tell when
 * several accounts play from one device. It identifies the device, never the player: no secret.
 */
const STORAGE_KEY = 'deviceId';

/** The id this page made: used while storage is blocked, and written back if the stored one goes. */
let made: string | null = null;

/**
 * The stored id when there is a well-formed one; otherwise a new one, stored. Read at every call rather
 * than cached, so two tabs that both started without one settle on the one stored last.
 */
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored !== null && deviceIdPattern.test(stored)) return stored;
  } catch {
    // Blocked storage (private mode, a sandboxed iframe): one id for this page's life.
  }
  made ??= randomHex(16);
  try {
    window.localStorage.setItem(STORAGE_KEY, made);
  } catch {
    // Not kept; the next page load makes another.
  }
  return made;
}
