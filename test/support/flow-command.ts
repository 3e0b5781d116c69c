import { spawn } from 'node:child_process';

/** `npm run flow -- …` as a user runs it (the launcher and its bundle), its exit code and its output. */
export const flowCommand = (args: string[]): Promise<{ code: number | null; output: string }> => cliCommand('flow', args);

/** `npm run COMMAND -- …` (flow, conduct) as a user runs it: the launcher and its bundle, its exit code and its output. */
export function cliCommand(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['main/hosts/cli/launcher.mjs', command, ...args], {
      cwd: process.cwd(),
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
