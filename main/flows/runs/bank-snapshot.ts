import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { BankStatus } from './bank-changes';

type Listed = Record<string, unknown> & { institution?: unknown };

/** Each list of the control API, the field that names a resource and the one that holds its status. */
const LISTS: readonly { kind: BankStatus['kind']; path: string; id: string; status: string }[] = [
  { kind: 'consent', path: 'consents', id: 'consentId', status: 'consentStatus' },
  { kind: 'payment', path: 'payments', id: 'paymentId', status: 'status' },
  { kind: 'basket', path: 'baskets', id: 'basketId', status: 'transactionStatus' },
  { kind: 'journey', path: 'sca', id: 'journeyId', status: 'status' },
];

/** The statuses of the institution's consents, payments, baskets and SCA journeys now, read through the control API. */
export async function bankSnapshot(bank: BankTransport, institution: string): Promise<BankStatus[]> {
  const lists = await Promise.all(
    LISTS.map(async (list) => {
      const res = await sendHttp(bank, { method: 'GET', path: `/simulator/v1/${list.path}`, headers: {}, body: null });
      const items = Array.isArray(res.body) ? (res.body as Listed[]) : [];
      return items
        .filter((item) => item.institution === institution)
        .map((item) => ({ kind: list.kind, id: String(item[list.id]), status: String(item[list.status]) }));
    }),
  );
  return lists.flat();
}
