#!/usr/bin/env node
// The `psd2-workbench` command (package.json "bin"): `npx psd2-workbench serve|web|flow|conduct [flags]`. Each runs
// in this very process from its bundle (launcher.mjs: made at pack time in the package, on demand in a
// checkout). Plain JavaScript: it runs before anything can compile TypeScript.
const COMMANDS = ['serve', 'web', 'flow', 'conduct'];
const USAGE = 'psd2-workbench serve|web|flow|conduct [flags]   (psd2-workbench COMMAND --help lists the flags)';

const command = process.argv[2];
if (command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!COMMANDS.includes(command ?? '')) {
  console.error(command === undefined ? USAGE : `unknown command ${command}\n${USAGE}`);
  process.exit(2);
}
await import('./launcher.mjs');
