// Shared flat ESLint config. A package's eslint.config.js is:
//   import { library } from '@santap/eslint-config'; export default library;
import path from 'node:path';
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
 * A package reaches another only through its name and exports (root README "Boundaries"): never a relative
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

/**
 * An app's features stand alone (root README "Boundaries"): a file under `src/features/<name>/`
 * imports neither another feature nor `src/app/` (the router and providers that import the features).
 * What two features share goes to `src/components`, `src/lib` or `src/config`, or to a package. Test
 * files may import `src/app/` to render a page inside the real providers.
 */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const own = /\/src\/features\/([^/]+)\//.exec(file);
    if (!own) return {};
    const isTest = /\.(test|stories)\.[jt]sx?$/.test(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const srcRoot = file.slice(0, own.index + '/src/'.length);
      if (!target.startsWith(srcRoot)) return;
      const rest = target.slice(srcRoot.length);
      if (rest === 'app' || rest.startsWith('app/')) {
        if (!isTest)
          context.report({
            node: node.source,
            message: 'A feature does not import src/app/ (the app imports the features).',
          });
      } else if (rest.startsWith('features/') && rest.split('/')[1] !== own[1]) {
        context.report({
          node: node.source,
          message: `Feature '${own[1]}' imports another feature (${rest.split('/')[1]}): move what they share to src/components, src/lib or src/config.`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** React packages and apps. */
export const react = [
  ...shared,
  { languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, santap: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'santap/feature-boundaries': 'error',
    },
  },
];

/**
 * `@santap/ui`: components and popups only (ARCHITECTURE "Which way imports go"): no network, no
 * storage, no live channel; those are `@santap/web`'s, which ui never imports.
 */
export const uiPackage = [
  ...react,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/storybook/**', 'src/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            intoAnotherPackage,
            {
              group: ['@santap/web', '@santap/api-client', '@santap/contract'],
              message:
                'ui has no network and no storage: take data and actions as props; state lives in @santap/web.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'WebSocket', message: "The live channel is @santap/web's." },
        { name: 'localStorage', message: "Browser storage is @santap/web's." },
        { name: 'sessionStorage', message: "Browser storage is @santap/web's." },
        { name: 'indexedDB', message: "Browser storage is @santap/web's." },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='document'][property.name='cookie']",
          message: "Cookies are @santap/web's.",
        },
      ],
    },
  },
];

/** `@santap/web`: the apps' stateful code, no components (they are `@santap/ui`'s, which web never imports). */
export const webPackage = [
  ...react,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            intoAnotherPackage,
            {
              group: ['@santap/ui', '@santap/ui/*'],
              message: "web has no components: the app renders ui with web's state.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXElement', message: 'web has no components: put them in @santap/ui.' },
      ],
    },
  },
];

export default library;
