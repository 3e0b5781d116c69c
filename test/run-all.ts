// `npm test`: every Vitest project, in two Vitest processes side by side. The paced project's files wait
// in real time by design (vitest.config.ts, PACED) and, in one run with the rest, held one of the two
// places the CPU-bound files share on CI's two cores for minutes, mostly asleep. Arguments go to both
// runs. The paced run's output is shown once both have ended, so it never breaks into the main run's
// own; the exit code is a failure's when either run fails.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The projects of vitest.config.ts as `npm test` runs them: the paced one beside all the others. */
export const MAIN_PROJECTS = ['unit', 'api', 'ui', 'build'];
export const PACED_PROJECTS = ['paced'];

const packageFile = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = join(dirname(packageFile), (JSON.parse(readFileSync(packageFile, 'utf8')) as { bin: { vitest: string } }).bin.vitest);

function run(projects: readonly string[], extra: readonly string[], args: readonly string[], stdio: StdioOptions): ChildProcess {
  const argv = [vitest, 'run', ...projects.flatMap((name) => ['--project', name]), ...extra, ...args];
  return spawn(process.execPath, argv, { stdio });
}

const ended = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? (signal === null ? 0 : 1))));

async function main(args: readonly string[]): Promise<number> {
  // With a file filter of the caller's, the paced project may hold no match: that is no failure.
  const filtered = args.some((arg) => !arg.startsWith('-'));
  const rest = run(MAIN_PROJECTS, [], args, 'inherit');
  const paced = run(PACED_PROJECTS, filtered ? ['--passWithNoTests'] : [], args, ['ignore', 'pipe', 'pipe']);
  const output: Buffer[] = [];
  paced.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  paced.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => [rest, paced].forEach((child) => child.kill(signal)));

  const [restCode, pacedCode] = await Promise.all([ended(rest), ended(paced)]);
  process.stdout.write(`\n== project ${PACED_PROJECTS.join(', ')}, run beside the others (exit ${pacedCode})\n`);
  process.stdout.write(Buffer.concat(output));
  return restCode !== 0 ? restCode : pacedCode;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
