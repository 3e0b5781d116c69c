import type { VopSummary } from '../../../../preload/api/workbench-api';
import { vopHeadline, vopStatusValue } from '../../widgets/vop';

/** The Verification of Payee result as the bank's app shows it: a coloured banner above the decision. */
export function VopBanner({ vop, prefix }: { vop: VopSummary; prefix?: string }) {
  const value = vopStatusValue(vop);
  return (
    <p className={`vop-banner status-${value}`} role="status" data-testid="vop-banner" data-outcome={vop.outcome}>
      <span className="vop-banner-code">{value === 'match' ? 'VoP ✓' : `VoP ${value}`}</span>
      <span>
        {prefix}
        {vopHeadline(vop)}
      </span>
    </p>
  );
}
