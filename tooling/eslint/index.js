// Shared flat ESLint config. A package's eslint.config.js is:
//   import { library } from '@santap/eslint-config'; export default library;
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ignores = {
  ignores: [
    'dist/**',
    'dist-ssr/**',
    'coverage/**',
    'storybook-static/**',
    '**/*.d.ts',
    'drizzle/**',
    '!.storybook',
  ],
};

/**
 * A package reaches another only through its name and exports (ARCHITECTURE "Imports"): never a relative
 * path into another package's files. The e2e and chaos harness use `@santap/api/testing`.
 */
const intoAnotherPackage = {
  group: ['**/apps/*/src/**', '**/apps/*/test/**', '**/packages/*/src/**', '@santap/*/src/*'],
  message: "Import the package by its name and exports (e.g. '@santap/api/testing'), not its files.",
};

const shared = [
  ignores,
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
      'no-restricted-imports': ['error', { patterns: [intoAnotherPackage] }],
    },
  },
];

/** Pure packages: no DOM, no Node, no clock, no env. */
export const library = [
  ...shared,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Pure packages have no DOM.' },
        { name: 'document', message: 'Pure packages have no DOM.' },
        { name: 'process', message: 'Pure packages read no env: take it as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pure packages never read the clock: take `now` as an argument.',
        },
        {
          selector: 'NewExpression[callee.name="Date"][arguments.length=0]',
          message: 'Pure packages never read the clock: take `now` as an argument.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [intoAnotherPackage, { group: ['react', 'react-*', 'node:*', 'fs', 'path'] }] },
      ],
    },
  },
];

/** The Node server and scripts. */
export const node = [...shared, { languageOptions: { globals: { ...globals.node } } }];

/** React packages and apps. */
export const react = [
  ...shared,
  { languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
];

export default library;
