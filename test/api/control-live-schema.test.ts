// Every documented control route, called on a started simulator holding real consents, payments,
// baskets, journeys, exchanges and runs (made by the built-in TPP and the flow library), answers in
// exactly the shape /simulator/v1/openapi.json publishes for its status: a field the document leaves
// out fails as surely as one missing, so the published schemas cannot drift from the answers.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { createConsent, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const METHODS = ['get', 'post', 'delete'] as const;

interface Sample {
  /** The path with real ids, and a query. */
  path: string;
  body?: unknown;
  /** Sent as Authorization: Bearer (a phone link's own token). */
  bearer?: string;
}

let bank: TestBank;
let doc: any;
let ajv: Ajv2020;

/**
 * The test's copy of the document: every object schema that names its properties takes no others,
 * so an answer with a field the document does not describe fails.
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, closed(sub)])) : closed(value),
    ]),
  );
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const json = async (method: string, path: string, body?: unknown): Promise<any> => {
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
};

/** Real ids for every path parameter, made the way users make them. */
const ids: Record<string, string> = {};

async function makeData(): Promise<void> {
  // A payment two PSUs authorised (PDNG, ready for the operator to finish), and its journeys.
  const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const payment = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
  expect(payment.status).toBe(201);
  const paymentId: string = payment.body.paymentId;
  ids.paymentId = paymentId;
  for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B'])
    await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', approver), SEPA, paymentId);

  // A finished run of the signing-basket lesson (baskets, flow exchanges) and one of the consent lesson.
  for (const flow of ['signing-basket', 'ais-consent']) {
    const run = await json('POST', '/runs', { flow, autoApprove: true });
    const replayed = await json('POST', `/runs/${run.runId}/replay`);
    expect(replayed.met, `${flow} ran to its end`).toBe(true);
    ids.finishedRunId = replayed.runId;
  }
  ids.runId = (await json('POST', '/runs', { flow: 'sepa-two-authorisations', autoApprove: false })).runId;

  // A consent whose SCA link the PSU's browser opened: the bank's app may decide it now.
  const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
  await bank.tpp.openScaLink(`/sca/${consent.journeyId}`);
  ids.journeyId = consent.journeyId;
  ids.consentId = consent.consentId;

  const exchanges: any[] = await json('GET', '/exchanges?limit=100');
  // A signed payment initiation: resending it makes one more payment and touches nothing the others read.
  const signed = exchanges.find((e) => e.signature !== null && /\/payments\/[^/]+$/.test(e.url));
  expect(signed, 'a signed payment initiation in the log').toBeDefined();
  ids.exchangeId = String(signed.id);
  // A fault rule to remove (DELETE /faults/{faultId} comes before DELETE /faults in the document).
  ids.faultId = String((await json('POST', '/faults', { match: { institution: 'brussels' }, action: { delayMs: 1 }, times: 1 })).id);
  // And a preset, listed beside it in its own shape (for a TPP no request comes from: it changes nothing here).
  await json('POST', '/faults', { preset: 'pending-processing', minutes: 5, tppId: 'PSDXX-NOBODY' });
  // A phone link, whose token its page trades for a cookie.
  ids.phoneToken = new URL(((await json('POST', '/phone-links', { psuId: 'FRA-SOLO' })) as { url: string }).url).hash.replace('#phone=', '');
}

/** What to send each documented operation, by `METHOD /path` of the document. */
function sample(operation: string): Sample {
  const samples: Record<string, Sample> = {
    'GET /openapi.json': { path: '/openapi.json' },
    'GET /dataset-schema.json': { path: '/dataset-schema.json' },
    'POST /session': { path: '/session' },
    'POST /phone-links': { path: '/phone-links', body: { psuId: 'FRA-SOLO' } },
    'POST /phone-session': { path: '/phone-session', bearer: ids.phoneToken ?? '' },
    'GET /info': { path: '/info' },
    'GET /institutions': { path: '/institutions' },
    'GET /psus': { path: '/psus' },
    'POST /psus': {
      path: '/psus',
      body: {
        psuId: 'FRA-LIVE-SCHEMA',
        name: 'Live Schema',
        institution: 'frankfurt',
        corporateId: 'FRA-CORP-2',
        accounts: [{ resourceId: 'FRA-ACC-04', permissions: ['ais', 'paymentCreation'] }],
        role: 'Creates payments for the live schema test',
      },
    },
    'DELETE /psus/{psuId}': { path: '/psus/FRA-LIVE-SCHEMA' },
    'GET /consents': { path: '/consents?limit=50' },
    'POST /consents/{consentId}/revoke': { path: `/consents/${ids.consentId}/revoke` },
    'GET /payments': { path: '/payments' },
    'GET /baskets': { path: '/baskets' },
    'GET /sca': { path: '/sca' },
    'GET /sca/{journeyId}': { path: `/sca/${ids.journeyId}` },
    'POST /sca/{journeyId}': { path: `/sca/${ids.journeyId}`, body: { action: 'approve' } },
    'GET /sca/{journeyId}/decision': { path: `/sca/${ids.journeyId}/decision` },
    'POST /tpps': { path: '/tpps', body: { organizationId: 'PSDDE-BAFIN-777777', name: 'Live schema TPP' } },
    'POST /mode': { path: '/mode', body: { mode: 'simulation' } },
    'POST /payments/{paymentId}/processing': { path: `/payments/${ids.paymentId}/processing`, body: { outcome: 'ACCP' } },
    'GET /payments/{paymentId}/pain001': { path: `/payments/${ids.paymentId}/pain001` },
    'GET /payments/{paymentId}/pain002': { path: `/payments/${ids.paymentId}/pain002` },
    'GET /rate-limit': { path: '/rate-limit' },
    'POST /rate-limit': { path: '/rate-limit', body: { perSecond: 0 } },
    'GET /service-blocks': { path: '/service-blocks' },
    'POST /service-blocks': { path: '/service-blocks', body: { institution: 'paris', tppId: null } },
    'DELETE /service-blocks': { path: '/service-blocks', body: { institution: 'paris', tppId: null } },
    'GET /faults': { path: '/faults' },
    'POST /faults': {
      path: '/faults',
      body: { match: { operation: 'payment-status', institution: 'paris' }, action: { status: 503, retryAfter: 1 }, note: 'live schema' },
    },
    'DELETE /faults': { path: '/faults' },
    'DELETE /faults/{faultId}': { path: `/faults/${ids.faultId}` },
    'GET /conduct': { path: '/conduct' },
    'GET /vop-registry': { path: '/vop-registry?institution=frankfurt' },
    'POST /vop-registry': {
      path: '/vop-registry',
      body: {
        institution: 'frankfurt',
        iban: 'DE89370400440532013000',
        registeredName: 'Live Schema GmbH',
        creditorName: 'Live Schema',
        outcome: 'closeMatch',
      },
    },
    'DELETE /vop-registry/{institution}/{iban}': { path: '/vop-registry/frankfurt/DE89370400440532013000' },
    'GET /templates': { path: '/templates?institution=frankfurt' },
    'GET /clock': { path: '/clock' },
    'POST /clock': { path: '/clock', body: { advance: 'PT1M' } },
    'POST /reset': { path: '/reset', body: {} },
    'GET /exchanges': { path: '/exchanges?limit=100' },
    'GET /exchanges/{exchangeId}': { path: `/exchanges/${ids.exchangeId}` },
    'GET /exchanges/har': { path: '/exchanges/har?signature=valid,invalid&institution=frankfurt' },
    'GET /exchanges/{exchangeId}/curl': { path: `/exchanges/${ids.exchangeId}/curl` },
    'POST /exchanges/{exchangeId}/pin': { path: `/exchanges/${ids.exchangeId}/pin` },
    'DELETE /exchanges/{exchangeId}/pin': { path: `/exchanges/${ids.exchangeId}/pin` },
    'POST /exchanges/{exchangeId}/resend': { path: `/exchanges/${ids.exchangeId}/resend`, body: 'resend' },
    'POST /diagnose': { path: '/diagnose', body: 'diagnose' },
    'GET /flows': { path: '/flows' },
    'GET /flow-operations': { path: '/flow-operations' },
    'GET /runs': { path: '/runs' },
    'POST /runs': { path: '/runs', body: { flow: 'funds-confirmation', autoApprove: true } },
    'POST /runs/import': { path: '/runs/import', body: 'import' },
    'GET /runs/{runId}': { path: `/runs/${ids.finishedRunId}` },
    'DELETE /runs/{runId}': { path: `/runs/${ids.importedRunId}` },
    'POST /runs/{runId}/prepare': { path: `/runs/${ids.runId}/prepare` },
    'POST /runs/{runId}/send': { path: `/runs/${ids.runId}/send`, body: { edit: null, until: 'step' } },
    'POST /runs/{runId}/free-steps': { path: `/runs/${ids.runId}/free-steps`, body: { operation: 'tokenClientCredentials', params: {} } },
    'POST /runs/{runId}/auto-approve': { path: `/runs/${ids.runId}/auto-approve`, body: { on: true } },
    'POST /runs/{runId}/replay': { path: `/runs/${ids.finishedRunId}/replay` },
    'GET /runs/{runId}/export': { path: `/runs/${ids.finishedRunId}/export` },
    'GET /runs/{runId}/har': { path: `/runs/${ids.finishedRunId}/har` },
    'GET /lessons': { path: '/lessons' },
    'POST /lessons': { path: '/lessons', body: { name: 'Live schema lesson', flow: 'vop-close-match-psu-decides', institution: 'frankfurt' } },
    'GET /lessons/export': { path: '/lessons/export' },
    'POST /lessons/import': { path: '/lessons/import', body: 'lessons' },
    'DELETE /lessons/{name}': { path: `/lessons/${encodeURIComponent('Live schema lesson')}` },
    'GET /events': { path: '/events' },
  };
  const found = samples[operation];
  if (found === undefined) throw new Error(`no request for ${operation}: add one to this test`);
  return found;
}

/** Bodies made from what the bank holds at the moment they are sent. */
async function bodyOf(body: unknown): Promise<unknown> {
  if (body === 'import') return { file: await (await fetch(`${bank.url}/simulator/v1/runs/${ids.finishedRunId}/export`)).text() };
  if (body === 'lessons') return json('GET', '/lessons/export');
  if (body !== 'resend' && body !== 'diagnose') return body;
  const e = await json('GET', `/exchanges/${ids.exchangeId}`);
  if (body === 'resend')
    return { method: e.method, url: e.url, headers: e.request.rawHeaders, body: e.request.body, signature: 'resign', newRequestId: true, freshToken: false };
  const text = [
    `${e.method} ${e.url} HTTP/1.1`,
    ...e.request.rawHeaders.map(([name, value]: [string, string]) => `${name}: ${value}`),
    '',
    e.request.body ?? '',
  ].join('\r\n');
  return { kind: 'http', text };
}

/** Operations that change what the others read go last, in this order. */
const LAST = ['POST /runs/import', 'DELETE /runs/{runId}', 'POST /consents/{consentId}/revoke', 'POST /reset'];
const DEPENDS: Record<string, string> = {
  'GET /sca/{journeyId}/decision': 'POST /sca/{journeyId}',
  'POST /consents/{consentId}/revoke': 'POST /sca/{journeyId}',
  'POST /runs/{runId}/send': 'POST /runs/{runId}/prepare',
  // What was added, removed again.
  'DELETE /psus/{psuId}': 'POST /psus',
  'DELETE /vop-registry/{institution}/{iban}': 'POST /vop-registry',
  'DELETE /lessons/{name}': 'POST /lessons',
};

function documentedOperations(): string[] {
  const all = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path.slice('/simulator/v1'.length)}`),
  );
  const ordered = all.filter((op) => !LAST.includes(op) && !Object.keys(DEPENDS).includes(op));
  for (const [op, after] of Object.entries(DEPENDS)) if (!LAST.includes(op)) ordered.splice(ordered.indexOf(after) + 1, 0, op);
  return [...ordered, ...LAST.filter((op) => all.includes(op))];
}

async function readEvent(res: Response): Promise<unknown> {
  const reader = res.body!.getReader();
  let text = '';
  await json('POST', '/clock', { advance: 'PT1M' });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream ended');
    text += new TextDecoder().decode(value);
    const data = /^data: (.*)$/m.exec(text);
    if (data) {
      await reader.cancel();
      return JSON.parse(data[1]!);
    }
  }
}

/** Sends the operation's sample and holds the answer to the document's schema for its status. */
async function check(operation: string): Promise<string[]> {
  const [method, template] = operation.split(' ') as [string, string];
  const { path, body, bearer } = sample(operation);
  const payload = await bodyOf(body);
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  if (operation === 'POST /runs/import') ids.importedRunId = ((await res.clone().json()) as { runId: string }).runId;
  const documented = doc.paths[`/simulator/v1${template}`][method.toLowerCase()].responses[String(res.status)];
  if (documented === undefined) return [`${operation}: answered ${res.status}, which the document does not describe: ${await res.text()}`];
  if (res.status >= 300) return [`${operation}: answered ${res.status} ${await res.text()}`];
  const [type, media] = Object.entries(documented.content ?? {})[0] ?? [];
  if (type === undefined) return (await res.text()) === '' ? [] : [`${operation}: a body where the document says none`];
  if (!res.headers.get('content-type')?.startsWith(type)) return [`${operation}: content-type ${res.headers.get('content-type')}, documented ${type}`];
  const value = type === 'text/event-stream' ? await readEvent(res) : type === 'application/json' ? await res.json() : await res.text();
  const validate = ajv.compile({ ...((media as any).schema as object) });
  if (validate(value)) return [];
  // The errors that say what is wrong, once each: a field too many, missing, or of another type.
  const said = new Set(
    (validate.errors ?? [])
      .filter((e) => e.keyword !== 'anyOf')
      .map(
        (e) =>
          `${e.instancePath.replace(/\/\d+\//g, '/*/')} ${e.message}${e.keyword === 'additionalProperties' ? `: ${(e.params as { additionalProperty: string }).additionalProperty}` : ''}`,
      ),
  );
  return [`${operation}: ${[...said].join('; ')}`];
}

beforeAll(async () => {
  // Exact answers: a field the engine sends and a schema leaves out is refused, never silently cut.
  bank = await startTestBank({ exactAnswers: true });
  doc = await json('GET', '/openapi.json');
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://psd2-workbench.local/openapi.json', components: closed(doc.components) });
  // The operations' references point into the closed copy of the components.
  doc = JSON.parse(JSON.stringify(doc).replaceAll('"#/components/schemas/', '"https://psd2-workbench.local/openapi.json#/components/schemas/'));
  await makeData();
}, 120_000);
afterAll(() => bank.stop());

describe('every documented control route answers in its published shape', () => {
  it('with real consents, payments, baskets, journeys, exchanges and runs', async () => {
    const operations = documentedOperations();
    expect(operations.length).toBeGreaterThan(45);
    const failures: string[] = [];
    for (const operation of operations) failures.push(...(await check(operation)));
    expect(failures).toEqual([]);
  }, 120_000);
});
