import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../main/store/database';

// Another thread's connection, since a test bank runs on the test's own thread and its waits block it.
const HOLDER = `
const { workerData, parentPort } = require('node:worker_threads');
const db = new (require('better-sqlite3'))(workerData.file);
db.exec('BEGIN IMMEDIATE');
parentPort.postMessage('held');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.heldMs);
db.exec('COMMIT');
db.close();
`;

/**
 * Holds the write lock of a data folder's database for `heldMs`, as a slow WAL rewind or a tool opened on the
 * file would. Resolves once the lock is held, with the moment it is let go.
 */
export async function holdDatabase(dataDir: string, heldMs: number): Promise<{ released: Promise<void> }> {
  const holder = new Worker(HOLDER, { eval: true, workerData: { file: join(dataDir, DATABASE_FILE), heldMs } });
  const released = new Promise<void>((resolve, reject) => {
    holder.once('exit', () => resolve());
    holder.once('error', reject);
  });
  await new Promise((resolve) => holder.once('message', resolve));
  return { released };
}
