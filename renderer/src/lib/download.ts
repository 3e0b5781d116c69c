/** Saves text as a file through the browser's download (works in Electron too, without Node). */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download synchronously; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
