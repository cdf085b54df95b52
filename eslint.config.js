import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import architecture from './eslint-rules/architecture.js';

function restrict(files, group, message) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/server/db/migrations/**', 'e2e/artifacts/**', 'eslint-rules/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The direction of imports: domain is pure; server and web never reach into each other.
  restrict('src/domain/**/*.{ts,tsx}', ['**/server/**', '**/web/**', 'react', 'react-dom', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], 'src/domain must stay pure (no I/O, no framework).'),
  restrict('src/server/**/*.ts', ['**/web/**', 'react', 'react-dom'], 'The server never imports web code.'),
  restrict('src/web/**/*.{ts,tsx}', ['**/server/**', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg'], 'The web app talks to the server only through the API.'),
  // Features stay apart and meet only where DESIGN.md §3 says (eslint-rules/architecture.js).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { derap: architecture },
    rules: { 'derap/boundaries': 'error', 'derap/no-cycles': 'error', 'derap/api-calls': 'error', 'derap/server-file-names': 'error' },
  },
  // Type-aware: a promise nobody awaits or handles loses its error (and, in a route, its order).
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The browser build renders with Preact (decision 023), which does not hoist React 19's metadata elements.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(title|meta|link)$/]",
          message: 'Preact does not hoist <title>/<meta>/<link> into <head>: use useDocumentTitle or useDocumentMeta (hooks/use-document-meta.ts).',
        },
        {
          selector: "JSXAttribute[name.name='autoFocus']",
          message: 'Preact does not focus an autoFocus element added after the page loaded (decision 023): pass a ref to Dialog initialFocus, or focus it in an effect.',
        },
      ],
    },
  },
);
