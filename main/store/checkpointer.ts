import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/** How often the write-ahead log is copied back into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own default, restored should the worker end. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * Past this size the WAL is rewound to nothing. A PASSIVE checkpoint never waits, so under writes that
 * never pause it never finds the log fully copied at the start of a write, SQLite never restarts the log,
 * and the file grew to 3 GB beside a 1.8 GB database in the bench; it is also never made smaller by a
 * restart. 64 MiB keeps the rewind rare (some 16,000 pages) and the file small beside any database.
 */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * How long the rewind may wait for a write in progress to commit (the request path's transactions take
 * microseconds to milliseconds); while it copies the last frames, the request path's writes wait in turn.
 */
const REWIND_WAIT_MS = 200;

// CommonJS run by the worker from this text, so there is no second file to bundle or to find.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const { statSync } = require('node:fs');
const options = { timeout: workerData.rewindWaitMs };
if (workerData.nativeBinding) options.nativeBinding = workerData.nativeBinding;
const db = new Database(workerData.file, options);
const walSize = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (walSize() > workerData.walLimitBytes) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {}
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the WAL from a second connection on a worker thread, instead of inside whichever commit
 * crosses SQLite's 1,000-page mark: the copy into the database file and its fsyncs then cost the request
 * path nothing (profiled at over a third of a payment's commit). Durability is unchanged: a commit is in
 * the WAL before it is acknowledged, as before; a checkpoint only moves it. Should the worker not start or
 * end early, the connection goes back to SQLite's own automatic checkpoints. A WAL past `walLimitBytes`
 * is rewound and truncated (TRUNCATE: waits up to REWIND_WAIT_MS for the writer, else tries next time).
 */
export function startCheckpointer(db: Db, nativeBinding?: string, walLimitBytes = WAL_LIMIT_BYTES): Checkpointer {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: db.name,
        nativeBinding,
        everyMs: CHECKPOINT_EVERY_MS,
        walLimitBytes,
        rewindWaitMs: REWIND_WAIT_MS,
      },
    });
  } catch {
    return { stop: async () => {} };
  }
  db.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  let exited = false;
  worker.once('exit', () => {
    exited = true;
    if (!stopping && db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  worker.on('error', () => {});
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (exited) return resolve();
        // Held now, or a process with nothing else left to do would end while close() still waits.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
