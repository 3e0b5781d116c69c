import { txStatuses } from '../../tpp/pain002';

/** What a flow checks of a pain.002, read entry by entry (spec "Payments" rule 7): the TxSts and reason code of each credit transfer. */
export interface Pain002Values {
  txStatuses: string[];
  /** The first TxSts, for single payments. */
  txStatus: string | null;
  /** Per credit transfer, its reason code (CMTC, NMTC, NOAP...) or null: a VoP match has none (spec "Verification of Payee result"). */
  reasons: (string | null)[];
}

export function pain002Values(pain002: string): Pain002Values {
  const statuses = txStatuses(pain002);
  const entries = [...pain002.matchAll(/<TxInfAndSts>([\s\S]*?)<\/TxInfAndSts>/g)].map((m) => m[1] as string);
  const reasons = entries.map((entry) => /<StsRsnInf>[\s\S]*?<Cd>([A-Z0-9]{1,4})<\/Cd>/.exec(entry)?.[1] ?? null);
  return { txStatuses: statuses, txStatus: statuses[0] ?? null, reasons };
}
