// Diagnose over real HTTP with the body the client hashed, from its own log: a Digest no usual change explains
// is told by the first byte where the body sent differs from it; without it, the finding says where the answer is.
import { describe, expect, it } from 'vitest';
import type { PastedDiagnosis } from '../../preload/api/workbench-api';
import { qaBaseRequest } from '../support/qa-set';
import { signAsClient, type QaRequest } from '../support/qa-request';
import { PASTE_FORMS } from '../support/qa-forms';
import { qaBankPerFile } from '../support/qa-bank';

const qa = qaBankPerFile();

function diagnoseResponse(request: QaRequest, more: Record<string, unknown>): Promise<Response> {
  return fetch(`${qa().bank.url}/simulator/v1/diagnose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'http', text: PASTE_FORMS.http(request, qa().bank.url), ...more }),
  });
}

async function digestFinding(request: QaRequest, more: Record<string, unknown> = {}): Promise<{ text: string; rule: number | undefined }> {
  const res = await diagnoseResponse(request, more);
  expect(res.status).toBe(200);
  const d = (await res.json()) as PastedDiagnosis;
  const check = d.signature.checks.find((c) => c.id === 'digest-matches');
  expect(check?.passed).toBe(false);
  expect(d.findings[0]?.code).toBe('SIGNATURE_INVALID');
  return { text: check?.text ?? '', rule: check?.rule ?? undefined };
}

/** The payment with its amount changed after hashing: no re-serialisation, line ending or encoding explains it. */
function amountChangedAfterHashing(): { request: QaRequest; hashed: string; sent: string; offset: number } {
  const { bank, psu, keys } = qa();
  const base = qaBaseRequest(psu, bank.tpp.psu);
  const sent = base.body.toString('utf8');
  const offset = sent.indexOf('</InstdAmt>') - 1;
  const hashed = `${sent.slice(0, offset)}${sent[offset] === '9' ? '8' : '9'}${sent.slice(offset + 1)}`;
  return { request: signAsClient(base, keys, { hashed: Buffer.from(hashed, 'utf8') }), hashed, sent, offset };
}

describe('Diagnose with the body the client hashed', () => {
  it('without it, says no usual change explains the Digest and where the answer is', async () => {
    const { request } = amountChangedAfterHashing();
    const finding = await digestFinding(request);
    expect(finding.text).toMatch(/^Digest does not match the body: the body as received hashes to SHA-256=\S+; no usual change/);
    expect(finding.text).toContain("paste the request with the body your client hashed into the Inspector's Diagnose");
  });

  it('with it, names the first byte where the body sent differs, its line and column and both bytes', async () => {
    const { request, hashed, sent, offset } = amountChangedAfterHashing();
    const before = sent.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - (before.lastIndexOf('\n') + 1) + 1;
    const byte = (c: string): string => `0x${c.charCodeAt(0).toString(16).toUpperCase()} '${c}'`;
    const finding = await digestFinding(request, { hashedBody: hashed });
    expect(finding).toEqual({
      text: `Digest does not match the body: the body you sent first differs from the body that was hashed at byte ${offset.toLocaleString('en')} (line ${line}, column ${column}): sent ${byte(sent[offset] ?? '')}, hashed ${byte(hashed[offset] ?? '')}: the body was changed after hashing (rule 6)`,
      rule: 6,
    });
  });

  it('says when the body given is not the one the Digest was computed over', async () => {
    const { request, sent } = amountChangedAfterHashing();
    const finding = await digestFinding(request, { hashedBody: `${sent} ` });
    expect(finding.text).toMatch(/the body given as hashed does not hash to the Digest either \(it hashes to SHA-256=/);
  });

  it('refuses a hashed body that is not text, as any undescribed input', async () => {
    const { request } = amountChangedAfterHashing();
    const res = await diagnoseResponse(request, { hashedBody: 42 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { tppMessages: { code: string; text: string }[] };
    expect(body.tppMessages[0]?.code).toBe('FORMAT_ERROR');
    expect(body.tppMessages[0]?.text).toContain('hashedBody');
  });
});
