import { afterAll, beforeAll } from 'vitest';
import type { PsuSession } from '../../main/tpp/session';
import { qaKeys } from './qa-set';
import { type QaKeys } from './qa-request';
import { demoSigningKey } from './signing';
import { startTestBankWithPsu, type TestBank } from './simulator';

/** The QA set's bank: Frankfurt with FRA-CREATOR's session, and the QSEALs the cases sign with registered. */
export async function startQaBank(): Promise<{ bank: TestBank; psu: PsuSession; keys: QaKeys }> {
  const { bank, psu } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR');
  return { bank, psu, keys: await qaKeys(bank.control, demoSigningKey(bank)) };
}

/** Registers the file's start and stop of the QA bank; call the answer inside a test for it. */
export function qaBankPerFile(): () => { bank: TestBank; psu: PsuSession; keys: QaKeys } {
  let qa: { bank: TestBank; psu: PsuSession; keys: QaKeys } | undefined;
  beforeAll(async () => {
    qa = await startQaBank();
  });
  afterAll(async () => {
    await qa?.bank.stop();
  });
  return () => {
    if (!qa) throw new Error('the QA bank did not start (see beforeAll)');
    return qa;
  };
}
