import { vi } from 'vitest';

/** A file the page handed the browser to save: its name and its bytes. */
export interface SavedFile {
  fileName: string;
  blob: Blob;
}

/**
 * jsdom cannot save files: from now on, each Blob the page hands a download link is recorded with
 * the name it would be saved under, in the list returned. The click spy is restored after each test
 * (src/test/setup.ts).
 */
export function recordSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return saved;
}
