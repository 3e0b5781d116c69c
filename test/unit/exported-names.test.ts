// One exported name, one meaning: a name exported by two modules of the app reads as one thing and is
// two, so each is renamed to say which it is. Deliberate copies (the control API's schemas, which
// main/ may not import outside its HTTP layer) are listed with why; the list is meant to stay short.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = ['main', 'preload', 'shared', 'renderer/src'];

/**
 * The control API's published shape of a value of main/: main/ may not import the schemas (only its HTTP
 * layer may), and main/http/contract.ts maps one to the other under the compiler.
 */
const publishedCopy = (module: string, schemas: string): { modules: string[]; why: string } => ({
  modules: [module, `shared/control-api/${schemas}.ts`],
  why: "the control API schema's copy of the value",
});

/** Names exported from more than one module on purpose, each with the modules (a folder ending in / stands for each module in it) and why. */
const DELIBERATE_COPIES: Record<string, { modules: string[]; why: string }> = {
  SimulatorMode: publishedCopy('main/domain/simulator-mode.ts', 'simulator'),
  BankChange: publishedCopy('main/flows/run-record.ts', 'flows'),
  HeaderLine: publishedCopy('main/tpp/types.ts', 'exchanges'),
  VopOutcome: publishedCopy('main/domain/dataset/types.ts', 'bank'),
  ScaJourney: publishedCopy('main/domain/sca/journey.ts', 'bank'),
  JourneyOutcome: publishedCopy('main/domain/sca/outcome.ts', 'bank'),
  SigningRule: publishedCopy('main/domain/signing/rules.ts', 'signature'),
  SignatureCheck: publishedCopy('main/domain/signing/signature-checks.ts', 'signature'),
  SignatureDiagnosis: publishedCopy('main/domain/signing/verify.ts', 'signature'),
  ServiceBlock: publishedCopy('main/domain/tpp/service-block.ts', 'simulator'),
  FaultAction: publishedCopy('main/domain/faults/rule.ts', 'faults'),
  FaultMatch: publishedCopy('main/domain/faults/rule.ts', 'faults'),
  ClockReading: publishedCopy('main/services/clock/clock-control.ts', 'simulator'),
  ResetOptions: publishedCopy('main/services/operator/reset-options.ts', 'simulator'),
  DecisionExchange: publishedCopy('main/services/sca/sca.ts', 'exchanges'),
  RegisteredTpp: publishedCopy('main/services/tpps/tpps.ts', 'bank'),
  sql: { modules: ['main/store/migrations/'], why: 'each migration module exports its statements under the name the migration runner reads' },
  ready: { modules: ['main/hosts/cli/'], why: 'each command the launcher runs exports when it is ready, the moment the launcher keeps V8 compiled code' },
};

/** Whether the modules exporting a name are the ones its entry allows. */
function allowed(name: string, modules: readonly string[]): boolean {
  const copy = DELIBERATE_COPIES[name];
  if (!copy) return false;
  const folders = copy.modules.filter((m) => m.endsWith('/'));
  if (folders.length > 0) return modules.every((m) => folders.some((f) => m.startsWith(f)));
  return copy.modules.slice().sort().join() === modules.slice().sort().join();
}

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(folder, file).split(sep).join('/'));

const isExported = (node: ts.Node): boolean => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `type X = Static<typeof S.X>`: a type the contract derives from the schema of the same name. */
function derivedFromItsSchema(alias: ts.TypeAliasDeclaration): boolean {
  const type = alias.type;
  if (!ts.isTypeReferenceNode(type) || type.typeName.getText() !== 'Static' || type.typeArguments?.length !== 1) return false;
  const [argument] = type.typeArguments;
  return argument !== undefined && ts.isTypeQueryNode(argument) && argument.exprName.getText().split('.').at(-1) === alias.name.text;
}

/** The names a module declares and exports itself (re-exports name another module's declaration). */
function exportedDeclarations(source: string, file: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of sf.statements) {
    if (!isExported(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (ts.isTypeAliasDeclaration(statement) && derivedFromItsSchema(statement)) {
      // The contract's `type X = Static<typeof S.X>` is the schema X itself, not a second meaning.
      continue;
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return [...new Set(names)];
}

/** Each exported name declared in more than one module, with those modules. */
function collisions(files: readonly { path: string; source: string }[]): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const { path, source } of files) for (const name of exportedDeclarations(source, path)) where.set(name, [...(where.get(name) ?? []), path]);
  return new Map([...where].filter(([, modules]) => modules.length > 1));
}

describe('exported names', () => {
  it('no name is exported with two meanings from two modules', () => {
    const files = FOLDERS.flatMap(sourceFiles).map((path) => ({ path, source: readFileSync(join(root, path), 'utf8') }));
    const found = collisions(files);
    const unexplained = [...found].filter(([name, modules]) => !allowed(name, modules));
    expect(unexplained.map(([name, modules]) => `${name}: ${modules.join(', ')}`)).toEqual([]);
  });

  it('finds a name two modules export, and not one a module re-exports', () => {
    const found = collisions([
      { path: 'a.ts', source: 'export interface Row { id: string }\nexport const only = 1;' },
      { path: 'b.ts', source: 'export type Row = string;\nexport { only } from "./a";' },
    ]);
    expect([...found]).toEqual([['Row', ['a.ts', 'b.ts']]]);
  });

  it('takes a contract type derived from the schema of its name as that schema, not a second meaning', () => {
    const found = collisions([
      { path: 'shared/control-api/bank.ts', source: 'export const Row = Type.Object({});\nexport const Other = Type.String();' },
      { path: 'preload/api/workbench-api.ts', source: 'export type Row = Static<typeof S.Row>;\nexport type Other = Static<typeof S.Row>;' },
    ]);
    expect([...found]).toEqual([['Other', ['shared/control-api/bank.ts', 'preload/api/workbench-api.ts']]]);
  });
});
