/** Saves text as a file through the browser's download (works in Electron too, without Node). */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/** Saves a blob (an image, say) as a file, the same way. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download synchronously; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
