// GET /simulator/v1/templates?institution=I: a pain.001 template for every product the institution
// offers, single and bulk, written for its own accounts, which its PSUs can send as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import type { Pain001TemplateSummary as Template } from '../../preload/api/workbench-api';
import { call, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

describe('pain.001 templates per institution', () => {
  it('lists each product of Paris single and bulk, with Paris accounts and BIC', async () => {
    const res = await call<Template[]>(bank, 'GET', '/simulator/v1/templates?institution=paris');
    expect(res.status).toBe(200);
    expect(res.body.map((t) => `${t.product}/${t.kind}`).sort()).toEqual(
      ['internal-transfers', 'sepa-credit-transfers', 'swift-transfers'].flatMap((p) => [`pain.001-${p}/bulk`, `pain.001-${p}/single`]).sort(),
    );
    for (const t of res.body) {
      expect(t.institution).toBe('paris');
      expect(t.pain001).toContain('<BIC>NBRBFRPP</BIC>');
      expect(t.pain001).not.toContain('NBRBDEFF');
    }
  });

  it('a Paris creator sends each single template as it is, and the bank accepts it', async () => {
    const templates = (await call<Template[]>(bank, 'GET', '/simulator/v1/templates?institution=paris')).body.filter((t) => t.kind === 'single');
    const creator = await psuSession(bank.tpp, bank.control, 'paris', 'PAR-CREATOR');
    for (const t of templates) {
      const created = await bank.tpp.createPayment(creator, t.product, t.pain001);
      expect(created.status, `${t.file}: ${created.text}`).toBe(201);
    }
  });

  it('refuses an institution the bank does not have', async () => {
    for (const query of ['?institution=berlin', '']) {
      const res = await call(bank, 'GET', `/simulator/v1/templates${query}`);
      expect(res.status).toBe(400);
      expect(res.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    }
  });
});
