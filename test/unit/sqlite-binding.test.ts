// The desktop app and the Node hosts load different builds of better-sqlite3 from one checkout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingSqliteBindingError, electronRuntime, sqliteBindingFor, sqliteBindingPath } from '../../main/hosts/native/sqlite-binding';

const root = mkdtempSync(join(tmpdir(), 'wb-binding-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const nodeVersions = { ...process.versions } as NodeJS.ProcessVersions;
const electronVersions = (electron: string) => ({ ...process.versions, electron }) as NodeJS.ProcessVersions;

describe('the SQLite binding per runtime', () => {
  it("leaves plain Node on npm's own build", () => {
    expect(sqliteBindingFor(root, nodeVersions)).toBeUndefined();
  });

  it('names the missing Electron build and how to make it', () => {
    expect(() => sqliteBindingFor(root, electronVersions('39.8.10'))).toThrow(MissingSqliteBindingError);
    expect(() => sqliteBindingFor(root, electronVersions('39.8.10'))).toThrow(/Electron 39\.8\.10.*npm start/);
  });

  it('loads the Electron build of exactly that version, platform and arch', () => {
    const file = sqliteBindingPath(root, electronRuntime('39.8.10'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    expect(sqliteBindingFor(root, electronVersions('39.8.10'))).toBe(file);
    expect(() => sqliteBindingFor(root, electronVersions('39.8.11'))).toThrow(MissingSqliteBindingError);
  });

  it('keeps builds apart inside node_modules, where git and a fresh npm ci never see them', () => {
    const electron = sqliteBindingPath(root, electronRuntime('39.8.10', 'linux', 'x64'));
    const other = sqliteBindingPath(root, electronRuntime('39.8.10', 'linux', 'arm64'));
    const node = sqliteBindingPath(root, { name: 'node', version: '39.8.10', platform: 'linux', arch: 'x64' });
    expect(new Set([electron, other, node]).size).toBe(3);
    expect(electron.startsWith(join(root, 'node_modules', '.cache'))).toBe(true);
  });
});
