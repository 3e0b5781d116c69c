// Prettier's settings match the code as it is written (single quotes, semicolons, trailing commas, two spaces,
// lines up to 160 characters), and it leaves alone what tools make or tests compare byte for byte.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = join(ROOT, 'main', 'simulator.ts');

async function format(code: string): Promise<string> {
  const options = await prettier.resolveConfig(SOURCE, { editorconfig: true });
  return prettier.format(code, { ...options, filepath: SOURCE });
}

describe('the formatter', () => {
  it("writes the project's style", async () => {
    expect(await format('const a = {b: "c", d: [1,2]}\nfunction f(x) { return x }\n')).toBe(
      "const a = { b: 'c', d: [1, 2] };\nfunction f(x) {\n  return x;\n}\n",
    );
  });

  it('keeps a line of 160 characters and breaks a longer one, with a trailing comma', async () => {
    const call = (n: number): string => `callSomething('${'x'.repeat(n)}', 'second argument');\n`;
    const fits = call(160 - call(0).length + 1);
    expect(fits.length).toBe(161);
    expect(await format(fits)).toBe(fits);
    const long = call(160 - call(0).length + 2);
    expect(await format(long)).toBe(`callSomething(\n  '${'x'.repeat(160 - call(0).length + 2)}',\n  'second argument',\n);\n`);
  });

  it.each([
    'package-lock.json',
    'node_modules/vite/index.js',
    'out/renderer/index.html',
    'test/vectors/signing-vectors.json',
    'README.md',
    '.dev-renderer-test/src/App.tsx',
  ])('leaves %s alone', async (file) => {
    expect((await prettier.getFileInfo(join(ROOT, file), { ignorePath: join(ROOT, '.prettierignore') })).ignored).toBe(true);
  });

  it.each(['main/simulator.ts', 'renderer/src/App.tsx', 'resources/flows/ais-consent.json', 'renderer/src/styles.css'])('formats %s', async (file) => {
    expect((await prettier.getFileInfo(join(ROOT, file), { ignorePath: join(ROOT, '.prettierignore') })).ignored).toBe(false);
  });

  it('gives editors the same line length as Prettier', () => {
    const editorconfig = readFileSync(join(ROOT, '.editorconfig'), 'utf8');
    const prettierrc = JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8')) as { printWidth: number };
    expect(editorconfig).toContain(`max_line_length = ${prettierrc.printWidth}`);
  });
});
