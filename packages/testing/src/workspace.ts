import { fileURLToPath } from 'node:url';

/** A folder of the workspace, e.g. `apps/api`, as an absolute path. */
export function workspaceFolder(folder: string): string {
  return fileURLToPath(new URL(`../../../${folder}/`, import.meta.url));
}
