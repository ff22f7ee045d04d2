// One lint set-up for the whole workspace; every package runs it with --max-warnings 0.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const subfolders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/**
 * Import boundaries as zones over resolved paths, so a relative `../../other-feature/x` is caught
 * as surely as an alias. The features of each app are read from its `src/features/*` folders when
 * lint starts, so a new feature is covered without editing this file.
 */
export function boundaryZones(rootDir, { forTests = false } = {}) {
  const appDirs = subfolders(join(rootDir, 'apps')).map((name) => `./apps/${name}`);
  const zones = [];
  for (const app of appDirs) {
    const features = `${app}/src/features`;
    for (const feature of subfolders(join(rootDir, features))) {
      zones.push({
        target: `${features}/${feature}`,
        from: features,
        except: [`./${feature}`],
        message: 'Features never import each other: move shared code to src/lib.',
      });
    }
    zones.push({
      target: `${app}/src/lib`,
      from: [features, `${app}/src/app`],
      message: 'Shared code (src/lib) never imports features or the app shell.',
    });
    // Tests may start another app (a real api on localhost); shipped code never imports one.
    if (!forTests) {
      zones.push({
        target: app,
        from: './apps',
        except: [`.${app.slice('./apps'.length)}`],
        message: 'Apps never import each other.',
      });
    }
  }
  // Tests included: a package's tests start an app as a process (see packages/testing), so the
  // graph stays one-way and a package's tests never wait on an app's build.
  zones.push({
    target: './packages',
    from: './apps',
    message: 'No package imports an app, tests included: start the app as a process (@sentinel/testing).',
  });
  zones.push({
    target: './packages/domain',
    from: ['./apps', './packages', './e2e'],
    except: ['./domain'],
    message: 'domain imports nothing of ours.',
  });
  zones.push({
    target: './packages/ui',
    from: './packages/api-sdk',
    message: 'The UI kit is presentational: data comes in as props, never from the SDK.',
  });
  zones.push({
    target: ['./packages/ui', './packages/api-sdk'],
    from: './packages/screens',
    message: 'Screens compose ui, api-sdk and domain; those never import a screen.',
  });
  zones.push({
    target: ['./apps/api', './apps/test-runner', './packages/signalr-hub', './packages/database'],
    from: './packages/ui',
    message: 'Servers never import the UI kit.',
  });
  zones.push({
    target: [
      './apps/dashboard',
      './apps/signup',
      './apps/burnin',
      './packages/ui',
      './packages/api-sdk',
      './packages/screens',
      './packages/domain',
    ],
    from: './packages/database',
    message: "The SQL engines are the servers' own; browser code never imports them.",
  });
  return zones;
}

// Globals that exist only in Node or only in browsers, which domain's sources never touch.
const platformGlobals = [
  ...['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate'],
  ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'self'],
];
const platformMessage = 'domain runs in browsers and on servers alike: take it as a parameter.';
const testFiles = ['**/*.test.{ts,tsx}', '**/test/**', '**/vitest.config.ts'];
const tsFiles = ['**/*.{ts,tsx,mts,cts}'];
const reactFiles = [
  '**/*.tsx',
  'apps/{dashboard,signup,burnin}/src/**/*.ts',
  'packages/ui/src/**/*.ts',
  'packages/screens/src/**/*.ts',
];

/** The whole workspace's config, for a workspace rooted at `rootDir` (a parameter so tests can lint a fixture tree). */
export function sentinelConfig(rootDir) {
  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/storybook-static/**',
        '**/test-results/**',
        '**/playwright-report/**',
        '**/.turbo/**',
        '**/.data/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.node, ...globals.browser } },
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            alwaysTryTypes: true,
            noWarnOnMultipleProjects: true,
            project: [
              join(rootDir, 'apps/*/tsconfig.json'),
              join(rootDir, 'packages/*/tsconfig.json'),
              join(rootDir, 'e2e/tsconfig.json'),
            ],
          }),
        ],
      },
      rules: {
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'import-x/no-restricted-paths': ['error', { basePath: rootDir, zones: boundaryZones(rootDir) }],
      },
    },
    {
      files: testFiles,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { basePath: rootDir, zones: boundaryZones(rootDir, { forTests: true }) },
        ],
      },
    },
    {
      // Type-aware rules, over one TypeScript program of the whole workspace (tsconfig.eslint.json):
      // a program per package would parse and bind the shared packages' sources once for each
      // package that imports them (the packages resolve to their sources). Type errors are
      // `tsc -b`'s, with each package's own settings; these rules ask only what a value's type is.
      files: tsFiles,
      languageOptions: {
        parserOptions: {
          project: [join(rootDir, 'tsconfig.eslint.json')],
          tsconfigRootDir: rootDir,
        },
      },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': 'error',
        '@typescript-eslint/switch-exhaustiveness-check': 'error',
        '@typescript-eslint/await-thenable': 'error',
      },
    },
    {
      // Tests pass async callbacks where void ones are typed (a test's fixtures, a fake's handlers)
      // and seldom test a promise as a condition; the rule's contextual type checks of every call
      // argument and JSX attribute were a third of lint's time, mostly on tests. Floating promises
      // and awaits of non-promises are still refused there.
      files: testFiles,
      rules: { '@typescript-eslint/no-misused-promises': 'off' },
    },
    {
      files: reactFiles,
      // The React Compiler's rules analyse each component; tests render components, they do not
      // define the product's (a fifth of lint's time went on compiling test files).
      ignores: testFiles,
      ...reactHooks.configs.flat.recommended,
      rules: {
        ...reactHooks.configs.flat.recommended.rules,
        // The set's three warnings fail under --max-warnings 0 anyway; as errors they say so plainly.
        'react-hooks/exhaustive-deps': 'error',
        'react-hooks/incompatible-library': 'error',
        'react-hooks/unsupported-syntax': 'error',
      },
    },
    { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
    ...pluginQuery.configs['flat/recommended'].map((config) => ({
      ...config,
      files: ['apps/{dashboard,signup,burnin}/**/*.{ts,tsx}'],
    })),
    {
      // domain is framework-free: no React, no HTTP client, no Node APIs.
      files: ['packages/domain/src/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'ky', 'node:*', '@sentinel/*'] }],
        'import-x/no-nodejs-modules': 'error',
      },
    },
    {
      // Its tsconfig has no DOM lib and no Node types, but the tests' Vitest types bring Node's in;
      // so lint refuses either platform's own globals in the sources.
      files: ['packages/domain/src/**'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-globals': [
          'error',
          ...platformGlobals.map((name) => ({ name, message: platformMessage })),
        ],
      },
    },
    {
      // The UI kit never reaches the SDK, whichever way the import is spelled.
      files: ['packages/ui/src/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: ['@sentinel/api-sdk', '@sentinel/api-sdk/*'] }],
      },
    },
    {
      // Servers never import the UI kit or React.
      files: ['apps/api/**', 'apps/test-runner/**', 'packages/signalr-hub/**', 'packages/database/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: ['@sentinel/ui', 'react', 'react-dom'] }] },
    },
  );
}

export default sentinelConfig(import.meta.dirname);
