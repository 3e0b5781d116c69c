// Shipped migrations are history: a data folder at version N has run exactly those statements, so an
// edit would leave old and new folders with different schemas under one version number.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, DataFolderError, openDatabase } from '../../main/store/database';
import { MIGRATIONS } from '../../main/store/migrations';

/** SHA-256 of each shipped migration. A new migration adds a line; an existing line never changes. */
const SHIPPED = [
  'eb19011d3f5206265ab056b253111a1d833f5df4c570d8684fc5e2840a09a300', // 001 initial
  '0d652a4de4295838bb395d24e97d02e2e992a5f048f45c04443091ea5714beda', // 002 payments
  '331ff74fd730b2d1c0ef2df4cbdcc897b0d187d3025f226a01724f3507afcc41', // 003 signing baskets
  'c688b4d00f7af61d36ff895654435f9df1c50c3ffda162d098b1d1c3885796f8', // 004 payment summaries
  'c5eb6d6abc748cdd82989677e28ddaba68d3dde8b7a562a10ba50a3383f3ad2c', // 005 exchange resources
  '509696b7e580556a23dc1bb00ff8b24546fb71e5622ab6617de9692e0c1875f2', // 006 payee verification
  '068d12b3e400ec944adf34ef7815869ee29ef473a4901f84e94d6114f19928ab', // 007 VoP settlement
  'c09c5e6be4e47a079994daf60696fdf64e265e06777038d856bfcde09ed9ce97', // 008 service blocks
  'd5aaf4249e99942bd5de6006b5cf025ede617608a6649bcb5b8953d0e6468c1b', // 009 flow runs
  '1ec4c9b37386d8a9be35a56d459588bf4f106bdd7a745d610b8472a51163bf71', // 010 authorisations by payment
  '75c514ac3324c841fd07a56b1ea5f298873259ac0478eb0a1590449e9194cd55', // 011 exchange resources in memory
  '358128e75155b57b8fa08cd1d4cd0a6f3db024bf3fe70d9ffa2719aa0fe61d94', // 012 journey outcomes
  '0de3bcf2c40c80ab980e362ed3797846bcce6f66e5d059832edc1439a3ddfe94', // 013 exchange retention
  '96f20bde9154fcba3c21a02485b9cf1e91e516e3dd608e707669541c1ae270aa', // 014 exchange raw headers
  'aaf73d7aa55a195050219a24c35a2a92ab1733ff700cbf22e78671688cde6bf7', // 015 client redirect URIs
  '188af349b533c32a2a3d8684d7ea59de03c541488c3fc9d61b0ef3200fc1eb13', // 016 exchange log kept
  '2f85d28632c47463d70fc72f80454752c5140e4ca28f407169f0bb37b7cbb07b', // 017 journey deadlines
  '28b0e9c9aee24634b10646d00fbc07204cdf6e9725933c3bcdd1773eafbaa2ad', // 018 exchange search index
  '15f53833813b90850f93ba244771a6cd29569cd11e66200a410af009bdf157d4', // 019 exchange fault rules
  '250c1c7cedd8fd1508546f57f678df6f406203c0e317e8f9cd80ec4939e62561', // 020 signature evidence
  '01c112ad0c3bf180a75de300b5112ba31c752ffddca3b6338848ded52fa9422e', // 021 exchange parser refusals
  '2736988fc48cc4ca6bc72b0bbeb1745d48c10ab67a557e64094b8c7e14afb0e0', // 022 lessons prepared
  '7fc665c006dd54cf05011c5edf6636f6a96157b7c6a3afaae48a0a9940c9818f', // 023 exchange search shapes marked
  '3a21272ff6576bf33d379ecdd348a6559d699de4c8496321393a80aa2fcdbff7', // 024 exchange search shape column
];

const dirs: string[] = [];
const freshDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'wb-migrations-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('schema migrations', () => {
  it('no shipped migration has been edited', () => {
    const hashes = MIGRATIONS.map((sql) => createHash('sha256').update(sql).digest('hex'));
    expect(hashes.slice(0, SHIPPED.length)).toEqual(SHIPPED);
  });

  it('every migration is pinned here once it ships', () => {
    expect(MIGRATIONS.length, 'add the new migration’s hash to SHIPPED').toBe(SHIPPED.length);
  });

  it('brings a new data folder to the newest version', () => {
    const db = openDatabase(freshDir());
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const dir = freshDir();
    openDatabase(dir).close();
    const raw = new Database(join(dir, DATABASE_FILE));
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openDatabase(dir)).toThrow(DataFolderError);
    expect(() => openDatabase(dir)).toThrow(`schema ${MIGRATIONS.length + 1}, this one knows ${MIGRATIONS.length}`);
    const after = new Database(join(dir, DATABASE_FILE), { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
    after.close();
  });
});
