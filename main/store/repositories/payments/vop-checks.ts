import type { VopAnswer, VopCheck } from '../../../domain/vop/verify';

/** A credit transfer's VoP check as payment_transactions.vop keeps it: instants as epoch ms. */
interface StoredVopCheck {
  requestedAt: number;
  answeredAt: number | null;
  answer: VopAnswer | null;
}

const storedVopCheck = (c: VopCheck): StoredVopCheck => ({
  requestedAt: c.requestedAt.getTime(),
  answeredAt: c.answeredAt?.getTime() ?? null,
  answer: c.answer ?? null,
});

/** The column's value of the check, or null where VoP does not apply. */
export const vopColumn = (check: VopCheck | undefined): StoredVopCheck | null => (check ? storedVopCheck(check) : null);

export function parseVopCheck(json: string | null): VopCheck | null {
  if (json === null) return null;
  const c = JSON.parse(json) as StoredVopCheck;
  return {
    requestedAt: new Date(c.requestedAt),
    answeredAt: c.answeredAt === null ? undefined : new Date(c.answeredAt),
    answer: c.answer ?? undefined,
  };
}
