import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';
import noCycle from './eslint/cycles.js';

const CONTRACT = 'preload/api/workbench-api';
/** The control API's schemas: the contract's types, the routes' validation and the OpenAPI document come from them. */
const CONTROL_SCHEMAS = 'shared/control-api';
const EDITOR_LANGUAGE = 'renderer/src/screens/editor/language';
const RENDERER_DENIED_PACKAGES = ['electron', 'better-sqlite3', 'fastify', 'node-forge', 'crypto', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net'];

/**
 * Dependencies point inward only (docs/architecture.md#layers). A breach fails `npm run lint`;
 * never silence it: move the code to the layer it belongs to.
 */
const LAYERS = [
  {
    name: 'the domain (main/domain)',
    files: ['main/domain'],
    why: 'it is pure rules over values; I/O and wiring live in the outer layers',
    paths: {
      deny: ['main/store', 'main/http', 'main/services', 'main/pki', 'main/hosts', 'main/tpp', 'main/index', 'main/simulator', 'preload', 'renderer', 'shared'],
    },
    packages: { deny: ['fastify', 'better-sqlite3', 'electron', 'fs', 'http', 'https'] },
  },
  {
    name: 'the ISO 20022 domain (main/domain/iso20022)',
    files: ['main/domain/iso20022'],
    why: 'the payment editor runs this code in the browser too (renderer/src/screens/editor/language), where Node modules do not exist',
    packages: { deny: ['crypto', 'buffer', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'stream', 'zlib', 'util', 'url', 'worker_threads'] },
  },
  {
    name: 'the services (main/services)',
    files: ['main/services'],
    why: 'use cases know nothing of HTTP, hosts or the UI; main/http maps their values to the contract',
    paths: { deny: ['main/http', 'main/hosts', 'main/tpp', 'main/index', 'main/simulator', 'preload', 'renderer', 'shared'] },
    packages: { deny: ['fastify', 'electron'] },
  },
  {
    name: 'the store (main/store)',
    files: ['main/store'],
    why: 'the store persists domain values; it serves the services, not the other way round',
    paths: { deny: ['main/services', 'main/http', 'main/hosts', 'main/tpp', 'preload', 'renderer', 'shared'] },
    packages: { deny: ['fastify', 'electron'] },
  },
  {
    name: 'the built-in TPP (main/tpp)',
    files: ['main/tpp'],
    why: 'it is a TPP: it talks HTTP to the bank like any outside client, never to its insides',
    paths: { deny: ['main/services', 'main/store', 'main/http', 'main/hosts', 'main/index', 'main/simulator', 'preload', 'renderer'] },
    packages: { deny: ['fastify', 'better-sqlite3', 'electron'] },
  },
  {
    name: 'the flow library and runner (main/flows)',
    files: ['main/flows'],
    why: 'flows drive the bank as the built-in TPP, the PSU and the operator do: over HTTP, never through its insides',
    paths: { deny: ['main/services', 'main/store', 'main/http', 'main/hosts', 'main/index', 'main/simulator', 'main/pki', 'preload', 'renderer'] },
    packages: { deny: ['fastify', 'better-sqlite3', 'electron'] },
  },
  {
    name: 'the HTTP layer (main/http)',
    files: ['main/http'],
    why: 'routes translate between HTTP and the services; hosts start them',
    paths: { deny: ['main/hosts', 'main/tpp', 'main/index', 'renderer', 'shared'], allow: [CONTROL_SCHEMAS] },
    packages: { deny: ['electron'] },
  },
  {
    name: 'the renderer',
    files: ['renderer'],
    except: [EDITOR_LANGUAGE],
    why: 'the UI knows its host only through the workbench contract',
    paths: { only: ['renderer', CONTRACT, 'shared'] },
    packages: { deny: RENDERER_DENIED_PACKAGES },
  },
  {
    // The one exception to the rule above, kept to one folder and one domain area: the payment
    // editor's language services run the bank's own pain.001 validator in the page (in a worker),
    // so the editor's markers and POST /payments can never disagree. main/domain/iso20022 is pure
    // rules over values, no I/O and no Node module (the domain's own layer rule), so it runs in a
    // browser as it runs in the bank. Everything else of the domain stays out of the renderer.
    name: 'the payment editor language services (renderer/src/screens/editor/language)',
    files: [EDITOR_LANGUAGE],
    why: "the editor validates with the bank's pain.001 code (main/domain/iso20022) and otherwise knows its host only through the contract",
    paths: { only: ['renderer', CONTRACT, 'shared', 'main/domain/iso20022'] },
    packages: { deny: RENDERER_DENIED_PACKAGES },
  },
  {
    name: 'the shared runtime (shared/)',
    files: ['shared'],
    except: [CONTROL_SCHEMAS],
    why: 'it runs in the page and in Node alike: only the contract and what both runtimes have (fetch, URL, timers)',
    paths: { only: ['shared', CONTRACT] },
    packages: { only: [] },
  },
  {
    name: 'the control API schemas (shared/control-api)',
    files: [CONTROL_SCHEMAS],
    why: 'they are plain JSON Schema values every side may read: TypeBox builds them, nothing else',
    paths: { only: [CONTROL_SCHEMAS] },
    packages: { only: ['typebox'] },
  },
  {
    name: 'the workbench contract (preload/api/workbench-api.ts)',
    files: [CONTRACT],
    why: 'it derives its types from the control API schemas and declares the rest itself',
    paths: { only: ['preload/api', CONTROL_SCHEMAS] },
    packages: { only: ['typebox'] },
  },
  {
    name: 'the preload',
    files: ['preload'],
    except: [CONTRACT],
    why: 'a sandboxed preload can require only electron, and it exposes the contract and nothing else',
    paths: { only: ['preload'] },
    packages: { only: ['electron'] },
  },
  {
    name: 'code outside the Electron shell',
    files: ['main', 'shared', 'renderer', 'test', 'bench', 'scripts'],
    except: ['main/index.ts', 'main/hosts/electron'],
    why: 'only the Electron shell (main/index.ts, main/hosts/electron/) and preload/ import electron, so everything else runs in plain Node and the browser',
    packages: { deny: ['electron'] },
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'screenshots/**', '.data/**', '.dev-renderer-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { architecture: { rules: { ...layers.rules, 'no-cycle': noCycle } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'architecture/layers': ['error', LAYERS],
      'architecture/no-cycle': 'error',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The plugin's recommended set less three React Compiler rules that flag deliberate code here:
    // set-state-in-effect (a draft reset when its prop changes, validation scheduled on a new context),
    // purity (the simulated clock reads Date.now while it ticks each second) and nothing else yet. Both
    // exhaustive-deps and the rest are errors: a warning nobody sees in CI lets the next one in.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off',
    },
  },
  {
    // Type-aware, so only where a promise can be dropped unseen: a rejected promise nobody awaits is an
    // unhandled rejection (a crash in Node) or a silent failure in the page. `void` marks a deliberate one.
    files: ['main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // The page and the sandboxed preload take the control API's shapes as types (the contract derives
    // them): a value import would bundle TypeBox and the schemas into them for nothing.
    files: ['renderer/**/*.{ts,tsx}', 'preload/**/*.ts', 'shared/**/*.ts'],
    ignores: [`${CONTROL_SCHEMAS}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typebox', allowTypeImports: true, message: 'take the control API shapes as types from the contract (preload/api/workbench-api.ts)' },
          ],
          patterns: [
            {
              group: ['**/control-api', '**/control-api/*'],
              allowTypeImports: true,
              message: 'take the control API shapes as types from the contract (preload/api/workbench-api.ts)',
            },
          ],
        },
      ],
    },
  },
);
