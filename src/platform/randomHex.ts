/** `bytes` random bytes from the platform's CSPRNG (crypto.getRandomValues), as lowercase hex. */
export function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
