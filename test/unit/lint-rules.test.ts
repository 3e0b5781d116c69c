// The lint rules beyond the layers (eslint.config.js): React's rules of hooks in the renderer and promises
// nobody awaits in main/, preload/, renderer/ and shared/. Each case lints made-up text as if it were a file
// the TypeScript projects hold (the type-aware rule needs one); nothing is written to disk.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  const fatal = result?.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file} did not parse: ${fatal.message}`);
  return (result?.messages ?? []).map((m) => m.ruleId ?? '');
}

/** The first type-aware lint builds the TypeScript program: seconds on a busy machine. */
const TYPED = { timeout: 90_000 };

const LATER = 'async function later(): Promise<number> {\n  return 1;\n}\n';

describe('promises nobody awaits', TYPED, () => {
  it.each(['main/hosts/cli/dev.ts', 'shared/har.ts', 'preload/api/workbench-api.ts', 'renderer/src/App.tsx'])('are refused in %s', async (file) => {
    expect(await rulesBroken(file, `${LATER}export function caller(): void {\n  later();\n}\n`)).toContain('@typescript-eslint/no-floating-promises');
  });

  it('pass when awaited or marked with void', async () => {
    const source = `${LATER}export async function caller(): Promise<void> {\n  await later();\n  void later();\n}\n`;
    expect(await rulesBroken('main/hosts/cli/dev.ts', source)).toEqual([]);
  });
});

describe('React hooks in the renderer', TYPED, () => {
  const component = (body: string): string =>
    `import { useEffect, useState } from 'react';\n\nexport function Probe({ on }: { on: boolean }) {\n${body}\n  return on ? null : null;\n}\n`;

  it('refuses a hook called conditionally', async () => {
    expect(await rulesBroken('renderer/src/App.tsx', component('  if (on) useState(1);'))).toContain('react-hooks/rules-of-hooks');
  });

  it('refuses an effect missing a dependency, as an error', async () => {
    const [result] = await eslint.lintText(component('  const [n] = useState(0);\n  useEffect(() => {\n    document.title = String(n);\n  }, []);'), {
      filePath: join(root, 'renderer/src/App.tsx'),
    });
    const missing = result?.messages.find((m) => m.ruleId === 'react-hooks/exhaustive-deps');
    expect(missing?.severity).toBe(2);
  });

  it('refuses a ref read while rendering', async () => {
    const source = "import { useRef } from 'react';\n\nexport function Probe() {\n  const seen = useRef(0);\n  return <p>{seen.current}</p>;\n}\n";
    expect(await rulesBroken('renderer/src/App.tsx', source)).toContain('react-hooks/refs');
  });

  it('passes a component that keeps the rules', async () => {
    expect(
      await rulesBroken('renderer/src/App.tsx', component('  const [n] = useState(0);\n  useEffect(() => {\n    document.title = String(n);\n  }, [n]);')),
    ).toEqual([]);
  });
});
