import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { exchangesToHar } from '../../renderer/src/lib/har';

const exchange = (id: number, overrides: Partial<Exchange> = {}): Exchange => ({
  id,
  startedAt: `2026-11-22T10:00:0${id}.000Z`,
  simulatedAt: '2026-11-22T10:00:00.000Z',
  durationMs: 12,
  method: 'POST',
  url: '/frankfurt/berlingroup/v1/consents?withBalance=true',
  institution: 'frankfurt',
  tppId: 'PSDDE-BAFIN-123',
  resourceId: 'c1',
  request: { headers: { 'content-type': 'application/json', 'x-multi': ['a', 'b'] }, body: '{"access":{}}', bodySize: 13, truncated: false },
  response: { status: 201, headers: { 'content-type': 'application/json', location: '/x' }, body: '{"consentId":"c1"}', bodySize: 18, truncated: false },
  signature: null,
  ...overrides,
});

describe('export as HAR', () => {
  const har = exchangesToHar(
    [exchange(2), exchange(1, { request: { headers: {}, body: null, bodySize: 0, truncated: false } })],
    'http://127.0.0.1:4646',
    '0.1.0',
  );

  const entry = (i: number) => {
    const e = har.log.entries[i];
    if (!e) throw new Error(`no entry ${i}`);
    return e;
  };

  it('is a HAR 1.2 log, oldest entry first', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'PSD2 Workbench', version: '0.1.0' });
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual(['2026-11-22T10:00:01.000Z', '2026-11-22T10:00:02.000Z']);
  });

  it('carries the absolute URL, query string, every header value, bodies and timing', () => {
    const second = entry(1);
    expect(second.request.url).toBe('http://127.0.0.1:4646/frankfurt/berlingroup/v1/consents?withBalance=true');
    expect(second.request.queryString).toEqual([{ name: 'withBalance', value: 'true' }]);
    expect(second.request.headers).toContainEqual({ name: 'x-multi', value: 'b' });
    expect(second.request.postData).toEqual({ mimeType: 'application/json', text: '{"access":{}}' });
    expect(second.response).toMatchObject({
      status: 201,
      statusText: 'Created',
      redirectURL: '/x',
      content: { size: 18, mimeType: 'application/json', text: '{"consentId":"c1"}' },
    });
    expect(second.time).toBe(12);
    expect(second.timings).toEqual({ send: 0, wait: 12, receive: 0 });
  });

  it('has no postData for a request without a body, and is plain JSON', () => {
    expect(entry(0).request.postData).toBeUndefined();
    expect(JSON.parse(JSON.stringify(har))).toEqual(har);
  });

  it('keeps each request header line as sent: a header sent twice is two entries, in order, names as sent', () => {
    const lines: [string, string][] = [
      ['X-Request-ID', 'first'],
      ['Accept', 'application/json'],
      ['x-request-id', 'second'],
    ];
    const sent = exchange(3, {
      request: { headers: { 'x-request-id': 'first, second', accept: 'application/json' }, rawHeaders: lines, body: null, bodySize: 0, truncated: false },
    });
    const [only] = exchangesToHar([sent], 'http://127.0.0.1:4646', '0.1.0').log.entries;
    expect(only?.request.headers).toEqual(lines.map(([name, value]) => ({ name, value })));
  });
});
