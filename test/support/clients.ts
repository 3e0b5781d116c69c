import { basic, call, form, type TestBank } from './simulator';

/** Registers another TPP through the control API and gets its TPP token at an institution. */
export async function registerTestClient(bank: TestBank, organizationId: string, institution = 'frankfurt', roles?: string[]): Promise<{ clientId: string; clientSecret: string; token: string }> {
  const reg = await call(bank, 'POST', '/simulator/v1/tpps', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ organizationId, ...(roles ? { roles } : {}) }) });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const f = form({ grant_type: 'client_credentials' });
  const tok = await call(bank, 'POST', `/${institution}/oauth/v1/token`, { headers: { ...f.headers, authorization: basic(reg.body) }, body: f.body });
  return { clientId: reg.body.clientId, clientSecret: reg.body.clientSecret, token: tok.body.access_token };
}
