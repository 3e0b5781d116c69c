// One verdict for a header sent twice, whichever way QA takes the logged exchange: the bank's live
// diagnosis, and Diagnose given the Inspector's own Copy as cURL, its HAR export and the raw lines.
// The tools keep both lines (renderer/src/lib/curl.ts, shared/har.ts); the verdict is the signing domain's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, PastedDiagnosis } from '../../preload/api/workbench-api';
import { buildCurl } from '../../renderer/src/lib/curl';
import { exchangesToHar } from '../../shared/har';
import { sendPaymentWithRequestIdTwice } from '../support/raw-request';
import { call, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let live: Exchange;
beforeAll(async () => {
  bank = await startTestBank();
  const answer = await sendPaymentWithRequestIdTwice(bank, ['3f0f6b1e-8c1a-4a55-9d2e-1f0c7a9b2c31', '9a7c2d4e-5b6f-4c1d-8e3f-2a1b0c9d8e7f']);
  expect(answer.status).toBe(400);
  const [newest] = (await call<Exchange[]>(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body;
  live = (await call<Exchange>(bank, 'GET', `/simulator/v1/exchanges/${newest?.id}`)).body;
});
afterAll(() => bank.stop());

const diagnose = async (kind: string, text: string): Promise<PastedDiagnosis> => {
  const res = await call<PastedDiagnosis>(bank, 'POST', '/simulator/v1/diagnose', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, text }),
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('a payment with X-Request-ID sent twice', () => {
  it('is refused live with FORMAT_ERROR by the header-sent-once check, its diagnosis kept with the exchange', () => {
    expect(live.response.status).toBe(400);
    expect(live.signature?.verdict).toMatchObject({ valid: false, code: 'FORMAT_ERROR', checkId: 'header-sent-once' });
    expect(live.request.rawHeaders?.filter(([name]) => name.toLowerCase() === 'x-request-id')).toHaveLength(2);
  });

  it('gets the same verdict from Diagnose given the Inspector’s Copy as cURL, its HAR export and the raw lines', async () => {
    const raw = `${live.method} ${live.url} HTTP/1.1\r\n${(live.request.rawHeaders ?? []).map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n\r\n${live.request.body ?? ''}`;
    const pastes = {
      curl: buildCurl({ ...live, ...live.request }, bank.url),
      har: JSON.stringify(exchangesToHar([live], bank.url, 'test')),
      http: raw,
    };
    for (const [kind, text] of Object.entries(pastes)) {
      const pasted = await diagnose(kind, text);
      expect(pasted.signature.verdict, kind).toEqual(live.signature?.verdict);
      expect(pasted.request.headers['x-request-id'], kind).toEqual(['3f0f6b1e-8c1a-4a55-9d2e-1f0c7a9b2c31', '9a7c2d4e-5b6f-4c1d-8e3f-2a1b0c9d8e7f']);
    }
  });
});
