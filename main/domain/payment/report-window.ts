import type { VopCheck } from '../vop/verify';
import { vopSettlesAt } from '../vop/verify';
import { patcExpiry } from './lifecycle';
import type { Payment } from './payment';

/**
 * The moments (ms) between which time alone leaves the status report of `payment` as it is at `now`: a PATC
 * payment turns RJCT at its expiry, and VoP results change until they settle (so a report with results
 * still to change holds only for `now` itself and is made again on the next request).
 */
export function reportWindow(payment: Payment, checks: readonly (VopCheck | null)[], now: Date): { validFrom: number; validUntil: number } {
  const at = now.getTime();
  let validFrom = -Infinity;
  let validUntil = Infinity;
  if (payment.status === 'PATC') {
    const expiry = patcExpiry(payment.createdAt).getTime();
    if (at < expiry) validUntil = expiry;
    else validFrom = expiry;
  }
  const settles = vopSettlesAt(checks.filter((check): check is VopCheck => check !== null))?.getTime();
  if (settles !== undefined && at < settles) validUntil = at;
  else if (settles !== undefined) validFrom = Math.max(validFrom, settles);
  return { validFrom, validUntil };
}
