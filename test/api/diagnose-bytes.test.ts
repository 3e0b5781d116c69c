// POST /simulator/v1/diagnose keeps a raw request's bytes: a CRLF body gets the live verdict, and a
// Content-Length that disagrees with the body pasted is said beside the diagnosis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { startTestBankWithPsu, type TestBank } from '../support/simulator';

let bank: TestBank;
let psu: PsuSession;

beforeAll(async () => {
  ({ bank, psu } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
});
afterAll(async () => {
  await bank?.stop();
});

const CRLF_BODY = readTemplate('sepa-single.xml').toString().replace(/\r?\n/g, '\r\n');

async function diagnose(text: string): Promise<PastedDiagnosis> {
  const res = await fetch(`${bank.url}/simulator/v1/diagnose`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'http', text }) });
  expect(res.status).toBe(200);
  return (await res.json()) as PastedDiagnosis;
}

function rawHttp(e: Exchange, body: string): string {
  const lines = Object.entries(e.request.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
  return `${e.method} ${e.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

describe('POST /simulator/v1/diagnose: bytes', () => {
  let live: Exchange;
  beforeAll(async () => {
    const res = await bank.tpp.createPayment(psu, 'pain.001-sepa-credit-transfers', CRLF_BODY);
    expect(res.status).toBe(201);
    const [newest] = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[];
    if (!newest) throw new Error('no exchange logged');
    live = newest;
    expect(live.signature?.verdict).toEqual({ valid: true });
  });

  it('reads a CRLF body byte for byte: the live verdict, no warning', async () => {
    const d = await diagnose(rawHttp(live, CRLF_BODY));
    expect(d.signature.verdict).toEqual({ valid: true });
    expect(d.request.bodySize).toBe(Buffer.byteLength(CRLF_BODY));
    expect(d.warnings).toEqual([]);
  });

  it('says Content-Length disagrees when the body lost its carriage returns', async () => {
    const lf = CRLF_BODY.replace(/\r\n/g, '\n');
    const d = await diagnose(rawHttp(live, lf));
    expect(d.signature.verdict).toMatchObject({ valid: false, checkId: 'digest-matches' });
    expect(d.warnings).toHaveLength(1);
    expect(d.warnings[0]).toMatch(new RegExp(`^Content-Length says ${Buffer.byteLength(CRLF_BODY)} bytes, the body pasted has ${Buffer.byteLength(lf)}\\. With CRLF line endings`));
  });
});
