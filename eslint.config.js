import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = { group: ['node:*'], message: 'core/ is environment-neutral: no Node APIs.' };

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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The CLI depends on core only.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli/**', 'node:*'], message: 'The web app depends on core only.' },
          ],
        },
      ],
    },
  },
);
