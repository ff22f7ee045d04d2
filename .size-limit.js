// Bundle budgets: the JavaScript a first visit to each app's entry route downloads, gzipped, from
// the production builds (`vite build`) that `npm test` makes. Vite's manifest says which chunks that
// is: the entry chunk, the route's own lazy chunk, and every chunk either imports statically.
// Run with `pnpm exec size-limit` after the three builds; a budget exceeded fails with the figure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The chunk files a route needs before it can render: its own and all it imports statically. */
function initialFiles(app, routeModule) {
  const dist = join('apps', app, 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run the app's build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${app}: the build's manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  if (routeModule) visit(routeModule);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => join(dist, file));
}

export default [
  {
    name: 'dashboard: /login',
    path: initialFiles('dashboard'),
    limit: '170 kB',
    gzip: true,
  },
  {
    name: 'signup: /sign-up (step 1)',
    path: initialFiles('signup', 'src/features/sign-up/components/sign-up-page.tsx'),
    // The goal. React DOM 19 alone is about 69 kB of it; see the README's Bundle budgets.
    limit: '90 kB',
    gzip: true,
  },
  {
    name: 'burnin: sign-in',
    path: initialFiles('burnin'),
    limit: '120 kB',
    gzip: true,
  },
];
