/**
 * Telegram Web shows the Mini App in a cross-site frame, and a browser that blocks third-party storage
 * there (Safari, incognito windows, strict privacy settings, headless Chromium) throws on every touch of
 * `sessionStorage`. The Mini App SDK keeps the launch parameters (initData among them) and its
 * components' state in sessionStorage, and without it cannot even tell it runs inside Telegram: the
 * player would land on the login form. So where the browser refuses it, the page gets a sessionStorage
 * in memory, for the page's life — which is all sessionStorage promises a frame anyway; a reload inside
 * Telegram gets the launch parameters in the URL hash again. localStorage is left as it is: what the app
 * keeps there (device id, client seed, sound, referrer) already degrades without it.
 */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  [name: string]: unknown;

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(String(key));
  }

  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value));
  }
}

function sessionStorageWorks(): boolean {
  try {
    const storage = window.sessionStorage;
    storage.getItem('tapps/probe');
    return true;
  } catch {
    return false;
  }
}

/** Gives the page a sessionStorage in memory when the browser refuses it one; true when it had to. */
export function keepSessionStorageInMemory(): boolean {
  if (typeof window === 'undefined' || sessionStorageWorks()) return false;
  try {
    Object.defineProperty(window, 'sessionStorage', { configurable: true, enumerable: true, value: new MemoryStorage() });
    console.info('[storage] sessionStorage is blocked here (a third-party frame?): keeping it in memory');
    return true;
  } catch (error) {
    console.warn('[storage] sessionStorage is blocked and could not be replaced', error);
    return false;
  }
}
