import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { FlowFile } from '../library/format';

/**
 * A flow's expectations hold in one behaviour only (a sandbox consent is valid at once, a simulated
 * one waits for SCA), so a flow is refused, not run, where the simulator's mode differs. Switching
 * the mode is the operator's choice, never a flow's: it changes the bank for every client.
 */
export async function checkBehaviour(bank: BankTransport, flow: FlowFile): Promise<void> {
  const res = await sendHttp(bank, { method: 'GET', path: '/simulator/v1/info', headers: {}, body: null });
  const mode = (res.body as { mode?: unknown } | null)?.mode;
  if (res.status !== 200 || typeof mode !== 'string')
    throw new Error(`GET /simulator/v1/info answered ${res.status}; the simulator's mode is needed to run ${flow.name}`);
  if (mode !== flow.behaviour) {
    throw new Error(
      `${flow.name} is a ${flow.behaviour} flow, but the simulator at ${bank.origin} runs in ${mode} mode: switch it with POST /simulator/v1/mode {"mode":"${flow.behaviour}"} (or start it with --mode ${flow.behaviour}) and run the flow again`,
    );
  }
}
