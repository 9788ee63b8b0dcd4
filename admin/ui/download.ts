/** Hands a file to the browser's downloads (a temporary link to an object URL). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed past this turn.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
