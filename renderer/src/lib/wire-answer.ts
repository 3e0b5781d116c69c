// What a bank's answer carries as codes, read from its body: the status it reports (a payment's, a
// consent's, an approval's), a pain.002's status reasons (Verification of Payee's among them) and the
// error a refusal names. The diagram and a lesson's caption say these in words (widgets/plain-words.ts)
// and show the codes themselves only in small print.

export interface WireAnswer {
  transactionStatus: string | null;
  consentStatus: string | null;
  scaStatus: string | null;
  fundsAvailable: boolean | null;
  /** A pain.002's status reasons, in order: "CMTC" with the name the payee's bank holds, "RECI", … */
  reasons: { code: string; info: string | null }[];
  /** A refusal's first Berlin Group message, or the OAuth error. */
  error: { code: string; text: string | null } | null;
}

const NONE: WireAnswer = { transactionStatus: null, consentStatus: null, scaStatus: null, fundsAvailable: null, reasons: [], error: null };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function json(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function fromJson(body: Record<string, unknown>): WireAnswer {
  const messages = body.tppMessages;
  const first = (Array.isArray(messages) ? messages[0] : undefined) as { code?: unknown; text?: unknown } | undefined;
  const berlin = text(first?.code);
  const oauth = text(body.error);
  return {
    ...NONE,
    transactionStatus: text(body.transactionStatus),
    consentStatus: text(body.consentStatus),
    scaStatus: text(body.scaStatus),
    fundsAvailable: typeof body.fundsAvailable === 'boolean' ? body.fundsAvailable : null,
    error: berlin ? { code: berlin, text: text(first?.text) } : oauth ? { code: oauth, text: text(body.error_description) } : null,
  };
}

const TAG = (name: string): RegExp => new RegExp(`<(?:\\w+:)?${name}>([^<]*)<`);

function fromXml(body: string): WireAnswer {
  const reasons = [...body.matchAll(/<(?:\w+:)?StsRsnInf>([\s\S]*?)<\/(?:\w+:)?StsRsnInf>/g)].flatMap((found) => {
    const block = found[1] ?? '';
    const code = TAG('Cd').exec(block)?.[1];
    return code ? [{ code, info: TAG('AddtlInf').exec(block)?.[1] ?? null }] : [];
  });
  return { ...NONE, transactionStatus: TAG('GrpSts').exec(body)?.[1] ?? TAG('TxSts').exec(body)?.[1] ?? null, reasons };
}

/** The codes an answer's body carries; nothing for a body that is neither JSON nor a status report. */
export function readAnswer(body: string | null | undefined): WireAnswer {
  if (!body) return NONE;
  const parsed = json(body);
  if (parsed) return fromJson(parsed);
  return body.trimStart().startsWith('<') ? fromXml(body) : NONE;
}

/** The codes of one exchange for the small print: a refusal's status and error code, the statuses and reasons answered. */
export function wireCodes(status: number, body: string | null | undefined): string[] {
  const answer = readAnswer(body);
  return [
    ...(status >= 300 || status === 0 ? [String(status)] : []),
    ...(answer.error ? [answer.error.code] : []),
    ...[answer.transactionStatus, answer.consentStatus, answer.scaStatus].filter((s) => s !== null),
    ...answer.reasons.map((r) => r.code),
  ];
}
