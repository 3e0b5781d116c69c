// Submitting the editor's text as the chosen PSU through the built-in TPP (a free run of the flow
// runner: it obtains a consent and token when needed and signs the exact bytes), and the payment's
// pain.002 after, read from the host on every change of the payment.
import { create } from 'zustand';
import { workbench } from '../../api';
import type { FlowExchange, FlowRunState, PaymentSummary } from '../../../../preload/api/workbench-api';
import { bankDiagnostics, tppMessagesOf } from './language/bank-messages';
import type { Diagnostic } from './language/validation';

export interface Submission {
  /** What the editor sent: the TPP's request to POST /payments/{product}. */
  request: FlowExchange | null;
  status: number | null;
  /** The bank's refusal, as markers on the text sent. */
  problems: Diagnostic[];
  error: string | null;
}

interface SubmissionState {
  sending: boolean;
  last: Submission | null;
  /** The payment whose pain.002 is shown (the one just created, or one opened from the Bank screen). */
  paymentId: string | null;
  report: string | null;
  payment: PaymentSummary | null;
  reportError: string | null;
  submit(input: { text: string; institution: string; psuId: string; product: string }): Promise<void>;
  show(paymentId: string | null): void;
  refresh(): Promise<void>;
  clearProblems(): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The step's payment creation: the last POST to …/payments/{product}. */
const creationOf = (run: FlowRunState): FlowExchange | undefined =>
  run.steps
    .at(-1)
    ?.exchanges.filter((e) => e.method === 'POST' && /\/berlingroup\/v1\/payments\/[^/]+$/.test(e.url))
    .at(-1);

let refreshSeq = 0;

export const useSubmission = create<SubmissionState>()((set, get) => ({
  sending: false,
  last: null,
  paymentId: null,
  report: null,
  payment: null,
  reportError: null,
  async submit({ text, institution, psuId, product }) {
    set({ sending: true, last: null });
    try {
      let run = await workbench.startRun({ flow: null, institution, autoApprove: true });
      run = await workbench.addFreeStep(run.runId, {
        operation: 'createPayment',
        params: { psu: psuId, product, pain001: text },
        title: 'Payment from the editor',
      });
      run = await workbench.prepareStep(run.runId);
      for (let i = 0; i < 5 && run.phase !== 'finished' && run.pending?.kind === 'request'; i++) run = await workbench.sendStep(run.runId, null, 'step');
      const sent = creationOf(run);
      if (!sent) {
        const why = run.steps.at(-1)?.error ?? run.current.at(-1)?.responseBody ?? 'the built-in TPP could not send the payment';
        set({ last: { request: null, status: null, problems: [], error: why } });
        return;
      }
      if (sent.status === 201) {
        const paymentId = (JSON.parse(sent.responseBody) as { paymentId?: string }).paymentId ?? null;
        set({ last: { request: sent, status: sent.status, problems: [], error: null } });
        get().show(paymentId);
      } else {
        const messages = tppMessagesOf(sent.responseBody);
        const problems = bankDiagnostics(text, messages.length > 0 ? messages : [{ text: sent.responseBody.slice(0, 300) }], sent.status);
        set({ last: { request: sent, status: sent.status, problems, error: null } });
      }
    } catch (err) {
      set({ last: { request: null, status: null, problems: [], error: message(err) } });
    } finally {
      set({ sending: false });
    }
  },
  show(paymentId) {
    set({ paymentId, report: null, payment: null, reportError: null });
    if (paymentId !== null) void get().refresh();
  },
  async refresh() {
    const { paymentId } = get();
    if (paymentId === null) return;
    const seq = ++refreshSeq;
    try {
      const [report, payments] = await Promise.all([workbench.getPaymentPain002(paymentId), workbench.listPayments()]);
      if (seq !== refreshSeq) return;
      set({ report, payment: payments.find((p) => p.paymentId === paymentId) ?? null, reportError: null });
    } catch (err) {
      if (seq === refreshSeq) set({ reportError: message(err) });
    }
  },
  clearProblems() {
    const last = get().last;
    if (last && last.problems.length > 0) set({ last: { ...last, problems: [] } });
  },
}));
