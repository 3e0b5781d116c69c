// A control token automation sets: `serve --host 0.0.0.0 --public-url … --control-token T`, as a
// CI service container starts it, and its own clients passing T: `flow --token T` and the Bruno collection's
// controlToken variable run green; without it each stops with a message naming what to pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bruFailures, runBruno } from '../support/bruno';
import { flowCommand } from '../support/flow-command';
import { freePort } from '../support/ports';
import { startTestBank, type TestBank } from '../support/simulator';

const TOKEN = 'ci-job-secret-token-0123';
let bank: TestBank;
let base: string;

beforeAll(async () => {
  // Free a moment ago, so the public URL can name it before the server starts.
  const port = await freePort();
  // localhost stands for the service's name (bank-sim in docs/ci.md), which this machine cannot resolve.
  bank = await startTestBank({ host: '0.0.0.0', port, publicUrl: `http://localhost:${port}`, controlToken: TOKEN });
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => bank.stop());

describe('a control token set at start', () => {
  it('is the token: the control API takes it (from loopback too) and nothing else', async () => {
    expect(bank.sim.controlToken).toBe(TOKEN);
    expect((await fetch(`${base}/simulator/v1/info`)).status).toBe(401);
    expect((await fetch(`${base}/simulator/v1/info`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${base}/simulator/v1/info`, { headers: { authorization: 'Bearer another-token-0123456789' } })).status).toBe(401);
  });

  it('flow --token runs to green; without it the flow stops at once naming --token', async () => {
    const green = await flowCommand(['ais-consent', '--base', base, '--token', TOKEN]);
    expect(green.output).toContain('All 13 steps met their expectations.');
    expect(green.code).toBe(0);
    const without = await flowCommand(['ais-consent', '--base', base]);
    expect(without.code).toBe(2);
    expect(without.output.trim()).toBe(`flow: ${base} needs the control token it printed at start: pass --token TOKEN (or set PSD2_WORKBENCH_CONTROL_TOKEN)`);
  }, 60_000);

  it('the Bruno collection runs to green with controlToken; without it the first control request names the variable', async () => {
    const vars = [`base=${base}`, `dataDir=${bank.dataDir}`];
    const green = await runBruno([...vars, `controlToken=${TOKEN}`]);
    expect(bruFailures(green.report)).toEqual([]);
    expect(green.code).toBe(0);
    const { PSD2_WORKBENCH_CONTROL_TOKEN: _unset, ...env } = process.env;
    const without = await runBruno(vars, env);
    expect(without.code).not.toBe(0);
    expect(bruFailures(without.report).join('\n')).toContain('pass --env-var controlToken=<token> or set PSD2_WORKBENCH_CONTROL_TOKEN');
  }, 120_000);
});
