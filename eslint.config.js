// `npm run lint` (with `prettier --check`): one config for every workspace. The import convention it
// enforces is described in docs/architecture.md (Conventions).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONT_ENDS = ['shell', 'mfe-directory', 'mfe-admin'];
/** The front ends and the kit they all bundle. */
const BROWSER_PACKAGES = [...FRONT_ENDS, 'services/web-kit'];
/** Browser code of a front end: what ends up in the bundles (its node-side build files and server/ are not). */
const browserCode = (dir) => [`${dir}/src/**/*.{ts,tsx}`];
const BROWSER_ONLY = 'Browser code imports no server code: only @zaytoon/contract/client, @zaytoon/web-kit and its own files.';

/** The public entry points of the workspace packages (their package.json `exports`); nothing deeper. */
const PUBLIC_ENTRY_POINTS = [
  '@zaytoon/contract/client',
  '@zaytoon/build-kit/catalog-text',
  '@zaytoon/build-kit/remote-preload',
  '@zaytoon/contract/embed',
  '@zaytoon/contract/open-data',
  '@zaytoon/contract/testing',
  '@zaytoon/core/migrate',
  '@zaytoon/core/worker',
  '@zaytoon/core/testing',
  '@zaytoon/core/backup',
  '@zaytoon/infra/mail-catcher',
  '@zaytoon/shell/runtime-config',
  '@zaytoon/web-kit/language-store',
  '@zaytoon/web-kit/contract-messages',
  '@zaytoon/web-kit/fake-api',
];

/** One extension style: relative imports name no extension (.ts, .tsx, .js); Bundler resolution and tsx find the file. */
const EXTENSION = /^\.{1,2}\/.*\.(?:[cm]?[jt]sx?)$/.source;
const extensionMessage = 'Import relative modules without an extension (one style across the repo: `./file`, not `./file.ts` or `./file.js`).';

const restrictedImports = (extraPatterns = [], extraPaths = []) => [
  'error',
  {
    paths: [
      { name: '@zaytoon/client', message: 'Import the front-end client from @zaytoon/contract/client (the package export), not a per-config alias.' },
      ...extraPaths,
    ],
    patterns: [
      {
        group: ['@zaytoon/*/**', ...PUBLIC_ENTRY_POINTS.map((entry) => `!${entry}`)],
        message:
          "Import another workspace through its package.json `exports` ('@zaytoon/core', '@zaytoon/core/testing', ...), never a file inside it.",
      },
      ...extraPatterns,
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/coverage/**',
      '**/.turbo/**',
      '.data/**',
      'test-results/**',
      'infra/load/k6/**',
      '**/*.d.ts',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.base.json', '*/tsconfig.json', 'services/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Cross-workspace imports go through the package name, never `../../services/...`.
      'import-x/no-relative-packages': 'error',
      'no-restricted-imports': restrictedImports(),
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // TypeScript only: plain .js/.mjs files run by Node itself (infra/dev/ensure-deps.mjs) need their extensions.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
          selector: `${node} > Literal.source[value=/${EXTENSION}/]`,
          message: extensionMessage,
        })),
      ],
    },
  },
  {
    // Node runs the build kit's files itself, stripping their types (the vite configs import them), and Node needs the extension.
    files: ['build-kit/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: BROWSER_PACKAGES.flatMap(browserCode),
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: BROWSER_PACKAGES.flatMap(browserCode),
    ...jsxA11y.flatConfigs.recommended,
  },
  // Import boundaries: a remote never imports another remote, the shell, or server code; the shell never
  // imports a remote's files (it loads them through module federation) nor server code; nor does the kit.
  // The bare contract carries the zod schemas: browser code takes what it needs from @zaytoon/contract/client.
  ...BROWSER_PACKAGES.map((dir) => ({
    files: browserCode(dir),
    rules: {
      'no-restricted-imports': restrictedImports(
        [
          {
            group: [
              '@zaytoon/core',
              '@zaytoon/core/*',
              '@zaytoon/api',
              '@zaytoon/api/*',
              '@zaytoon/worker',
              '@zaytoon/worker/*',
              '@zaytoon/infra',
              '@zaytoon/infra/*',
              '@zaytoon/shell/*',
            ],
            message: BROWSER_ONLY,
          },
          {
            group: ['@zaytoon/mfe-*', '@zaytoon/shell'],
            message:
              'Front ends never import each other: a remote is loaded through module federation, and what the host lends it comes through the host bridge.',
          },
        ],
        [{ name: '@zaytoon/contract', message: BROWSER_ONLY }],
      ),
    },
  })),
  {
    // Test code: the HTTP test clients hand back JSON answers as `any` so a test reads `answer.body.id` directly.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'infra/e2e/**/*.ts', 'infra/faults/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Playwright Test reads a fixture's dependencies from its first parameter, which must be a destructuring
    // pattern: a fixture that needs none is written `async ({}, use) => ...`.
    files: ['infra/e2e/**/*.ts'],
    rules: {
      'no-empty-pattern': 'off',
    },
  },
  prettier,
);
