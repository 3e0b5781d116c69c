import { expect } from 'vitest';
import type { TestBank } from './simulator';

/** A control API call (`/simulator/v1` + path) with a JSON body: its status and parsed answer (null when empty). */
export async function controlJson(bank: Pick<TestBank, 'url'>, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text) };
}

/** POST /simulator/v1/faults, which must answer 201: the rule as the bank reports it. */
export async function addFaultRule(bank: Pick<TestBank, 'url'>, rule: unknown): Promise<any> {
  const res = await controlJson(bank, 'POST', '/faults', rule);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A client-credentials token request of the data folder's demo TPP: the cheapest request a TPP makes (token-client-credentials). */
export const tokenRequest = (bank: Pick<TestBank, 'url' | 'client'>, institution = 'frankfurt'): Promise<Response> =>
  fetch(`${bank.url}/${institution}/oauth/v1/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${bank.client.clientId}:${bank.client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
