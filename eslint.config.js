import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = { group: ['node:*'], message: 'core/ is environment-neutral: no Node APIs.' };

// Hosts see core through its public entry; tests (and scripts/) may reach further in.
const coreDeep = {
  regex: '(^|/)core/[^/]+/',
  message: 'web/ and cli/ import core through core/index.ts.',
};
const coreRunner = {
  regex: '(^|/)core/runner\\.ts$',
  message:
    'core/runner.ts is for the bundler worker and the runner frame: hosts use core/index.ts.',
};
// A thread's program (case worker, CLI sandbox process) takes the wire floor's own small entry:
// core/index.ts would bundle the rest of core into it.
const coreDeepButWire = {
  regex: '(^|/)core/(?!wire/index\\.ts$)[^/]+/',
  message: 'A thread imports core through core/wire/index.ts (or core/index.ts for types).',
};
const webOnly = { group: ['**/web/**'], message: 'The CLI depends on core only.' };
const cliOnly = { group: ['**/cli/**', 'node:*'], message: 'The web app depends on core only.' };

export default tseslint.config(
  // fixtures/<lesson>/solutions/ holds learner code on purpose, mistakes and syntax errors included.
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench-results',
      'fixtures/*/solutions',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Lesson starters are stubs: their parameters are there for the learner to use.
    files: ['fixtures/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    // A starter's stub leaves unused what the reference will use: the client, a table, a class
    // it names only as a type (stream-errors' `APIError`, which the reference uses in `instanceof`).
    files: ['fixtures/*/starter/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              group: ['**/web/**', '**/cli/**'],
              message: 'Dependencies point web -> core and cli -> core, never back.',
            },
            {
              group: ['react', 'react-dom', 'monaco-editor', 'esbuild', 'esbuild-wasm', 'zustand'],
              message: 'core/ stays free of hosts and UI.',
            },
          ],
        },
      ],
    },
  },
  {
    // What runs inside the learner's worker is bundled with their code: it imports nothing but
    // the wire floor, the API types, the workspace and itself.
    files: ['core/sandbox/**/*.ts', 'core/workspace/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              regex: '^[^.]|(^|/)(cassette|grade|json|lesson|live|run|share|tutor)/',
              message:
                "core/sandbox runs in the learner's worker: it imports only core/api, core/wire, core/workspace and itself.",
            },
          ],
        },
      ],
    },
  },
  {
    // The ground floor every thread and process shares: the API types and itself, nothing else.
    files: ['core/wire/**/*.ts', 'core/api/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              regex:
                '^[^.]|(^|/)(cassette|grade|json|lesson|live|run|sandbox|share|tutor|workspace)/',
              message: 'core/wire and core/api are the ground floor: they import only each other.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOnly] }] },
  },
  {
    files: ['cli/**/*.ts'],
    ignores: ['cli/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webOnly, coreDeep, coreRunner] }],
    },
  },
  {
    // Bundled into the sandbox process's program (cli/sandbox/host/sandbox-program.ts).
    files: ['cli/sandbox/child/**/*.ts', 'cli/sandbox/protocol.ts', 'cli/sandbox/line-reader.ts'],
    ignores: ['cli/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webOnly, coreDeepButWire, coreRunner] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [cliOnly] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [cliOnly, coreDeep, coreRunner] }],
    },
  },
  {
    // The case worker's program (build/runner-frame.ts bundles it on its own).
    files: ['web/host/case-worker/**/*.ts'],
    ignores: ['web/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [cliOnly, coreDeepButWire, coreRunner] }],
    },
  },
  {
    // The bundler worker and the runner frame, and the page module that starts the bundler
    // before the app is evaluated: core/runner.ts, so they carry none of the rest of core.
    files: [
      'web/host/bundler/**/*.ts',
      'web/host/runner-frame/**/*.ts',
      'web/host/page/bundler-client.ts',
    ],
    ignores: ['web/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cliOnly, coreDeep] }] },
  },
);
