/** Saves text as a file through a Blob URL (allowed by our CSP; no data: navigation, no server round trip). */
export function downloadText(fileName: string, text: string, type: string): void {
  // The core decides the file's exact bytes (header, BOM or not); the screen saves them unchanged.
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
