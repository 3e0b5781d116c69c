#!/usr/bin/env node
// The `psd2-workbench` command (package.json "bin"): `npx psd2-workbench serve|web|flow [flags]`. serve
// and web run in this very process (the launcher imports the server), so `npx psd2-workbench serve &`
// puts the server itself behind `$!`. Plain JavaScript: it runs before anything can compile TypeScript.
const COMMANDS = ['serve', 'web', 'start', 'flow'];
const USAGE = 'psd2-workbench serve|web|flow [flags]   (psd2-workbench COMMAND --help lists the flags)';

const command = process.argv[2];
if (!COMMANDS.includes(command ?? '')) {
  console.error(command === undefined || command === '--help' ? USAGE : `unknown command ${command}\n${USAGE}`);
  process.exit(command === '--help' ? 0 : 2);
}
if (command === 'flow') {
  process.argv.splice(2, 1);
  const { register } = await import('tsx/esm/api');
  register();
  await import('./flow.ts');
} else {
  await import('./launcher.mjs');
}
