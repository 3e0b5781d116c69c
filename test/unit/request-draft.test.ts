// The Flows screen sends the pending request byte-exact: an unedited body goes as prepared
// (CRLF kept, though a textarea shows LF); an edited one takes the line ending chosen.
import { describe, expect, it } from 'vitest';
import type { FlowRequest } from '../../preload/api/workbench-api';
import { asTextarea, bodyEdited, draftOf, editToSend, lineEndingOf } from '../../renderer/src/state/request-draft';

const CRLF_BODY = '<Document>\r\n  <Nm>Müller</Nm>\r\n</Document>\r\n';

function request(body: string | null): FlowRequest {
  return {
    method: 'POST',
    url: '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers',
    headers: { 'content-type': 'application/xml', digest: 'SHA-256=abc', 'x-request-id': '1' },
    body,
    operation: 'payment-create',
    signed: true,
    signedHeaders: ['digest', 'x-request-id'],
    signingString: 'digest: SHA-256=abc',
    faults: [],
  };
}

describe('the request draft', () => {
  it('tells line endings apart', () => {
    expect(lineEndingOf(CRLF_BODY)).toBe('CRLF');
    expect(lineEndingOf('a\nb\n')).toBe('LF');
    expect(lineEndingOf('a\r\nb\n')).toBe('mixed');
    expect(lineEndingOf('{}')).toBe('none');
  });

  it('sends nothing of its own when nothing was edited, though the textarea shows LF', () => {
    const r = request(CRLF_BODY);
    const draft = draftOf(r);
    expect(draft.bodyText).toBe(asTextarea(CRLF_BODY));
    expect(draft.lineEnding).toBe('CRLF');
    expect(bodyEdited(r, draft)).toBe(false);
    expect(editToSend(r, draft)).toBeNull();
  });

  it('keeps the original body exactly when only a header was edited', () => {
    const r = request(CRLF_BODY);
    const draft = draftOf(r);
    draft.headers = draft.headers.map((h) => (h.name === 'x-request-id' ? { ...h, value: '2' } : h));
    const edit = editToSend(r, draft);
    expect(edit?.body).toBe(CRLF_BODY);
    expect(edit?.headers['x-request-id']).toBe('2');
    expect(edit?.resign).toBe(true);
  });

  it('re-applies the original’s CRLF to an edited body, or LF when chosen', () => {
    const r = request(CRLF_BODY);
    const draft = { ...draftOf(r), bodyText: asTextarea(CRLF_BODY).replace('Müller', 'Meier') };
    expect(editToSend(r, draft)?.body).toBe('<Document>\r\n  <Nm>Meier</Nm>\r\n</Document>\r\n');
    expect(editToSend(r, { ...draft, lineEnding: 'LF' })?.body).toBe('<Document>\n  <Nm>Meier</Nm>\n</Document>\n');
  });

  it('counts a line ending chosen against the original’s as an edit', () => {
    const r = request(CRLF_BODY);
    const draft = { ...draftOf(r), lineEnding: 'LF' as const };
    expect(editToSend(r, draft)?.body).toBe(asTextarea(CRLF_BODY));
  });

  it('sends the prepared request as given, unsigned again, when re-signing is off', () => {
    const r = request(CRLF_BODY);
    const edit = editToSend(r, { ...draftOf(r), resign: false });
    expect(edit).toEqual({ method: 'POST', url: r.url, headers: r.headers, body: CRLF_BODY, resign: false });
  });

  it('drops header rows without a name and keeps a request without a body bodiless', () => {
    const r = request(null);
    const draft = draftOf(r);
    draft.headers.push({ name: ' ', value: 'x' });
    expect(editToSend(r, draft)).toBeNull();
    draft.url = `${r.url}?x=1`;
    expect(editToSend(r, draft)?.body).toBeNull();
  });
});
