/** Puts text on the clipboard; rejects where it cannot (older Telegram web views have no async clipboard). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
