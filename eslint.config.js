// One lint set-up for the whole workspace; every package runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureNames = [
  'auth',
  'agent-shell',
  'clients',
  'accounts',
  'history',
  'live',
  'onboarding',
  'companies',
  'burn-in',
  'signup',
  'passwords',
  'verify',
];

export default tseslint.config(
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
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', '**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // domain is framework-free: no React, no HTTP client, no Node APIs.
    files: ['packages/domain/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'ky', 'node:*', '@sentinel/*'] }],
    },
  },
  {
    // The UI kit is presentational: data comes in as props, never from the SDK.
    files: ['packages/ui/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@sentinel/api-sdk', '@sentinel/api-sdk/*'] }] },
  },
  {
    // Servers never import the UI kit.
    files: ['apps/api/**', 'apps/test-runner/**', 'packages/signalr-hub/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@sentinel/ui', 'react', 'react-dom'] }] },
  },
  // Features never import each other; shared code (src/lib, src/app excepted) never imports features.
  ...featureNames.map((name) => ({
    files: [`apps/*/src/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: featureNames
                .filter((other) => other !== name)
                .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
              message: 'Features never import each other: move shared code to src/lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/*/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'Shared code never imports features.' }] },
      ],
    },
  },
);
