// vitest globalSetup: one data-folder PKI (test CAs and the demo TPP) per run, so a simulator
// started by a test copies it instead of generating RSA keys; tests about the PKI make their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDataFolderPki } from '../../main/pki/data-folder';
import { TEST_NOW } from './test-now';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding only pki/ and tpp/, made at TEST_NOW. */
    sharedPkiDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'wb-pki-'));
  ensureDataFolderPki(dir, new Date(TEST_NOW));
  project.provide('sharedPkiDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
