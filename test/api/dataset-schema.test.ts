// The dataset format published as JSON Schema (GET /simulator/v1/dataset-schema.json, and the Dataset
// component of /simulator/v1/openapi.json): a generic JSON Schema tool (Ajv here) accepts the default
// dataset and refuses what the simulator refuses of a file's shape.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '../support/simulator';

const dataset = (): any => JSON.parse(readFileSync(new URL('../../resources/datasets/default.json', import.meta.url), 'utf8'));

let bank: TestBank;
let schema: any;
let valid: (value: unknown) => boolean;
beforeAll(async () => {
  bank = await startTestBank();
  const res = await fetch(`${bank.url}/simulator/v1/dataset-schema.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  schema = await res.json();
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  valid = (value) => validate(value);
});
afterAll(() => bank.stop());

describe('GET /simulator/v1/dataset-schema.json', () => {
  it('is a JSON Schema 2020-12 document that accepts the default dataset', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${bank.url}/simulator/v1/dataset-schema.json`);
    expect(valid(dataset())).toBe(true);
  });

  it.each<[string, (d: any) => void]>([
    ['a misspelt field', (d) => (d.corporates[0].approvalRules.singleAuthorisationUpto = [])],
    ['a missing field', (d) => delete d.psus[2].role],
    ['an unknown institution', (d) => (d.corporates[0].institution = 'berlin')],
    ['a lower-case currency', (d) => (d.accounts[0].currency = 'gbp')],
    ['a comma decimal', (d) => (d.psus[3].approvalLimits.sepa = { currency: 'GBP', amount: '12,00' })],
    ['an impossible holiday', (d) => (d.institutions[2].calendar.holidays[0] = '2026-02-30')],
    ['a processing delay in months', (d) => (d.institutions[1].processingDelays['pain.001-swift-transfers'] = 'P1M')],
    ['a cut-off of an unknown product', (d) => (d.institutions[1].cutOffs['pain.001-instant'] = '14:00')],
    ['another format version', (d) => (d.formatVersion = 2)],
  ])('refuses %s, as the simulator does', (_name, edit) => {
    const edited = dataset();
    edit(edited);
    expect(valid(edited)).toBe(false);
  });

  it("is the OpenAPI document's Dataset component", async () => {
    const doc = (await (await fetch(`${bank.url}/simulator/v1/openapi.json`)).json()) as any;
    const { $schema: _schema, $id: _id, title: _title, ...published } = schema;
    expect(doc.components.schemas.Dataset).toEqual(published);
  });
});
