import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ASSET = '/assets/index-Ab12Cd34.js';
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Sentinel</title><script type="module" src="${ASSET}"></script></head>
  <body><div id="root"></div></body>
</html>
`;

/** A built app in miniature: index.html, appsettings.json and one hashed asset big enough to compress. */
export async function writeFixtureDist(dir: string, settings: Record<string, string> = {}): Promise<string> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(
    join(dir, 'appsettings.json'),
    JSON.stringify({ baseURL: 'http://localhost:5080', ...settings }),
  );
  const line = 'export const vehicles = ["CA 123-456", "GP 789-012", "WC 345-678"];\n';
  await writeFile(join(dir, ASSET), line.repeat(200));
  return dir;
}
