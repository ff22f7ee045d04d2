// The workspace's lint rules on a fixture tree: the import boundaries hold over resolved paths, with
// the features read from the folders, and the type-aware rules see types.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundaryZones, sentinelConfig } from '../eslint.config.js';
import { root } from './lib.mjs';

// ESLint builds a TypeScript program for the type-aware rules: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let fixture;
const write = (path, text) => {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
};

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'sentinel-lint-'));
  // The type-aware rules read one program of the whole tree, as the workspace's tsconfig.eslint.json.
  write(
    'tsconfig.eslint.json',
    JSON.stringify({
      compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      include: ['apps/*/src'],
    }),
  );
  write('apps/shop/src/features/cart/cart-total.ts', 'export const cartTotal = 1;\n');
  write('apps/shop/src/features/orders/order-list.ts', 'export const orderList = [1];\n');
  write('apps/shop/src/lib/format.ts', 'export const format = (n: number) => `${n}`;\n');
  write('apps/shop/src/app/routes.ts', 'export const routes = ["/"];\n');
  write('apps/till/src/main.ts', 'export const till = 1;\n');
});

afterAll(() => {
  rmSync(fixture, { recursive: true, force: true });
});

/** Lints `code` as if it were the file at `path` of the fixture; the code itself stays in memory. */
async function lint(path, code) {
  const eslint = new ESLint({
    cwd: fixture,
    overrideConfigFile: true,
    // An in-memory file is in no tsconfig, so the type-aware parse is off for the import checks.
    overrideConfig: [
      ...sentinelConfig(fixture),
      { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: join(fixture, path) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('given a feature of an app', () => {
  it('refuses a relative import of another feature', async () => {
    const messages = await lint(
      'apps/shop/src/features/orders/order-total.ts',
      "import { cartTotal } from '../../features/cart/cart-total';\nexport const total = cartTotal;\n",
    );

    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/),
    ]);
  });

  it('refuses the shorter relative spelling too', async () => {
    const messages = await lint(
      'apps/shop/src/features/orders/components/order-row.ts',
      "import { cartTotal } from '../../cart/cart-total';\nexport const total = cartTotal;\n",
    );

    expect(messages).toEqual([expect.stringMatching(/Features never import each other/)]);
  });

  it('allows its own files and src/lib', async () => {
    const messages = await lint(
      'apps/shop/src/features/orders/order-total.ts',
      [
        "import { orderList } from './order-list';",
        "import { format } from '../../lib/format';",
        'export const total = format(orderList.length);',
        '',
      ].join('\n'),
    );

    expect(messages).toEqual([]);
  });
});

describe('given shared code in src/lib', () => {
  it('refuses an import of a feature', async () => {
    const messages = await lint(
      'apps/shop/src/lib/summary.ts',
      "import { cartTotal } from '../features/cart/cart-total';\nexport const summary = cartTotal;\n",
    );

    expect(messages).toEqual([expect.stringMatching(/Shared code \(src\/lib\) never imports features/)]);
  });

  it('refuses an import of the app shell', async () => {
    const messages = await lint(
      'apps/shop/src/lib/links.ts',
      "import { routes } from '../app/routes';\nexport const links = routes;\n",
    );

    expect(messages).toEqual([expect.stringMatching(/never imports features or the app shell/)]);
  });
});

describe('given an app', () => {
  it('refuses an import of another app', async () => {
    const messages = await lint(
      'apps/shop/src/app/main.ts',
      "import { till } from '../../../till/src/main';\nexport const main = till;\n",
    );

    expect(messages).toEqual([expect.stringMatching(/Apps never import each other/)]);
  });
});

describe('given a package', () => {
  it('refuses an import of an app, in its tests too', async () => {
    const code = "import { till } from '../../../apps/till/src/main';\nexport const kit = till;\n";

    expect(await lint('packages/kit/src/kit.ts', code)).toEqual([
      expect.stringMatching(/No package imports an app, tests included/),
    ]);
    expect(await lint('packages/kit/src/kit.test.ts', code)).toEqual([
      expect.stringMatching(/No package imports an app, tests included/),
    ]);
  });
});

describe('given a domain source', () => {
  it('refuses a browser-only or Node-only global', async () => {
    const messages = await lint(
      'packages/domain/src/remembered-email.ts',
      "export const rememberedEmail = () => localStorage.getItem('email') ?? process.env['EMAIL'];\n",
    );

    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'localStorage'/),
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'process'/),
    ]);
  });
});

describe('given a file in a tsconfig', () => {
  it('reports a floating promise, which only type information can tell', async () => {
    write('apps/shop/src/lib/save.ts', 'export const save = async () => 1;\nsave();\n');
    const eslint = new ESLint({
      cwd: fixture,
      overrideConfigFile: true,
      overrideConfig: sentinelConfig(fixture),
    });

    const [result] = await eslint.lintFiles([join(fixture, 'apps/shop/src/lib/save.ts')]);

    expect(result.messages.map((message) => message.ruleId)).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
  });
});

describe('the workspace', () => {
  it('has a zone for every feature folder of the dashboard, admin included', () => {
    const targets = boundaryZones(root).map((zone) => zone.target);

    expect(targets).toContain('./apps/dashboard/src/features/admin');
    expect(targets).toContain('./apps/dashboard/src/features/accounts');
  });
});
