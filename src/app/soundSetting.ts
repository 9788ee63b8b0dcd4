import { proxy } from 'valtio';

/** The game screens' sound switch (settings menu), remembered on this device. */
const STORAGE_KEY = 'soundEnabled';

function stored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'false';
  } catch {
    // Blocked storage (private mode, sandboxed iframe): sound on, just not remembered.
    return true;
  }
}

export const soundSetting = proxy({ enabled: stored() });

export function setSoundEnabled(enabled: boolean): void {
  soundSetting.enabled = enabled;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(enabled));
  } catch {
    // Not remembered; the switch still works for this visit.
  }
}

/** Tests start from the stored value of their own localStorage. */
export function reloadSoundSetting(): void {
  soundSetting.enabled = stored();
}
