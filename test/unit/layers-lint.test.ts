// The architecture is a lint rule (eslint.config.js, eslint/layers.js, eslint/cycles.js): each breach
// below must fail `npm run lint`, and the imports the layers are meant to make must pass.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
// The files below are made up, so no TypeScript project has them: linted without type information.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
});

async function findings(rule: string, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const layerBreaches = (file: string, source: string): Promise<string[]> => findings('architecture/layers', file, source);

const imports = (specifier: string): string => `import type * as x from '${specifier}';\nexport type X = typeof x;\n`;

describe('the layering rule', () => {
  it.each([
    ['main/domain/consent/x.ts', '../../store/database', 'main/store/database'],
    ['main/domain/x.ts', 'better-sqlite3', 'the package better-sqlite3'],
    ['main/domain/x.ts', 'fastify', 'the package fastify'],
    ['main/services/x.ts', '../http/contract', 'main/http/contract'],
    ['main/services/x.ts', '../../preload/api/workbench-api', 'preload/api/workbench-api'],
    ['main/tpp/x.ts', '../services/consents', 'main/services/consents'],
    ['main/flows/x.ts', '../store/database', 'main/store/database'],
    ['main/flows/x.ts', '../simulator', 'main/simulator'],
    ['main/flows/x.ts', 'better-sqlite3', 'the package better-sqlite3'],
    ['main/store/x.ts', '../services/context', 'main/services/context'],
    ['renderer/src/x.ts', '../../main/domain/money', 'main/domain/money'],
    ['renderer/src/x.ts', 'node:fs', 'the package fs'],
    // The editor's language services may run the pain.001 validator, nothing else of the domain,
    // and the rest of the renderer not even that.
    ['renderer/src/x.ts', '../../main/domain/iso20022/pain001/validate', 'main/domain/iso20022/pain001/validate'],
    ['renderer/src/screens/editor/EditorScreen.tsx', '../../../../main/domain/iso20022/pain001/validate', 'main/domain/iso20022/pain001/validate'],
    ['renderer/src/screens/editor/language/x.ts', '../../../../../main/domain/money', 'main/domain/money'],
    ['renderer/src/screens/editor/language/x.ts', '../../../../../main/services/payments', 'main/services/payments'],
    ['renderer/src/screens/editor/language/x.ts', 'node:crypto', 'the package crypto'],
    ['main/domain/iso20022/x.ts', 'node:crypto', 'the package crypto'],
    ['preload/x.ts', '../shared/event-batcher', 'shared/event-batcher'],
    ['shared/x.ts', '../renderer/src/api', 'renderer/src/api'],
    ['main/http/x.ts', 'electron', 'the package electron'],
    ['test/api/x.test.ts', 'electron', 'the package electron'],
    // The control API schemas are read by every side, so they read nothing but TypeBox; only they
    // open shared/ to the HTTP layer, and only they and the contract take TypeBox.
    ['shared/control-api/x.ts', '../har', 'shared/har'],
    ['shared/control-api/x.ts', 'fastify', 'the package fastify'],
    ['shared/x.ts', 'typebox', 'the package typebox'],
    ['main/http/x.ts', '../../shared/har', 'shared/har'],
    ['preload/api/workbench-api.ts', '../../shared/har', 'shared/har'],
    ['preload/x.ts', '../shared/control-api', 'shared/control-api'],
  ])('%s importing %s is refused', async (file, specifier, named) => {
    const breaches = await layerBreaches(file, imports(specifier));
    expect(breaches.length).toBeGreaterThan(0);
    expect(breaches[0]).toContain(`must not import ${named}:`);
  });

  it.each([
    ['main/services/x.ts', '../domain/money'],
    ['main/services/x.ts', '../store/database'],
    ['main/http/x.ts', '../../preload/api/workbench-api'],
    ['main/tpp/x.ts', '../domain/signing/sign'],
    ['main/flows/x.ts', '../tpp/client'],
    ['main/flows/x.ts', 'node:fs'],
    ['renderer/src/x.ts', '../../preload/api/workbench-api'],
    ['renderer/src/x.ts', '../../shared/control-client'],
    ['renderer/src/x.ts', 'zustand'],
    ['renderer/src/screens/editor/language/x.ts', '../../../../../main/domain/iso20022/pain001/validate'],
    ['renderer/src/screens/editor/language/x.ts', '../../../../../preload/api/workbench-api'],
    ['preload/x.ts', './api/workbench-api'],
    ['preload/x.ts', 'electron'],
    ['main/hosts/electron/x.ts', 'electron'],
    ['main/index.ts', 'electron'],
    ['main/http/x.ts', '../../shared/control-api'],
    ['main/flows/x.ts', '../../shared/control-api'],
    ['preload/api/workbench-api.ts', '../../shared/control-api'],
    ['preload/api/workbench-api.ts', 'typebox'],
    ['shared/control-api/x.ts', 'typebox'],
  ])('%s importing %s is allowed', async (file, specifier) => {
    expect(await layerBreaches(file, imports(specifier))).toEqual([]);
  });
});

describe('the import-cycle rule', () => {
  // The linted text stands in for the file on disk; the modules it imports are read from disk.
  it.each([
    [
      'a type-only import back through another module',
      'main/domain/money.ts',
      './accounts/ledger',
      'main/domain/money.ts -> main/domain/accounts/ledger.ts -> main/domain/money.ts',
    ],
    ['a module importing itself', 'main/domain/money.ts', './money', 'main/domain/money.ts -> main/domain/money.ts'],
  ])('%s is refused', async (_case, file, specifier, chain) => {
    expect(await findings('architecture/no-cycle', file, imports(specifier))).toEqual([expect.stringContaining(`import cycle: ${chain}.`)]);
  });

  it('an import that does not lead back is allowed', async () => {
    expect(await findings('architecture/no-cycle', 'main/domain/accounts/ledger.ts', imports('../money'))).toEqual([]);
  });
});

describe('the control API schemas in the page', () => {
  async function restricted(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  }

  it.each([
    ['renderer/src/x.ts', "import { ConsentSummary } from '../../shared/control-api';\nexport const x = ConsentSummary;\n"],
    ['renderer/src/x.ts', "import Type from 'typebox';\nexport const x = Type.String();\n"],
    ['shared/x.ts', "import { ConsentSummary } from './control-api/bank';\nexport const x = ConsentSummary;\n"],
    ['preload/api/workbench-api.ts', "import { ConsentSummary } from '../../shared/control-api';\nexport const x = ConsentSummary;\n"],
  ])('%s may not import them as values: %s', async (file, source) => {
    expect((await restricted(file, source))[0]).toContain('as types from the contract');
  });

  it('may import them as types', async () => {
    expect(
      await restricted(
        'renderer/src/x.ts',
        "import type { Static } from 'typebox';\nimport type * as S from '../../shared/control-api';\nexport type X = Static<typeof S.ConsentSummary>;\n",
      ),
    ).toEqual([]);
  });
});
