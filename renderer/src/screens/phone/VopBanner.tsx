import type { VopSummary } from '../../../../preload/api/workbench-api';
import { vopHeadline, vopLabel, vopStatusValue } from '../../widgets/vop';
import { TrainerCode } from './TrainerCode';

/** The Verification of Payee result as the bank's app shows it: a coloured banner above the decision. */
export function VopBanner({ vop, prefix }: { vop: VopSummary; prefix?: string }) {
  const value = vopStatusValue(vop);
  const caution = vop.outcome === 'noMatch' ? 'If you approve, the money may go to someone who is not the payee.' : null;
  return (
    <div className={`vop-banner status-${value}`} role="status" data-testid="vop-banner" data-outcome={vop.outcome}>
      <strong className="vop-banner-title">
        {prefix}
        {vopLabel(vop)}
      </strong>
      <span>{vopHeadline(vop)}</span>
      {caution && <span>{caution}</span>}
      <TrainerCode>
        VoP {value === 'match' ? 'match (no reason code)' : value}
        {vop.additionalInfo && vop.outcome !== 'closeMatch' ? ` · ${vop.additionalInfo}` : ''}
      </TrainerCode>
    </div>
  );
}
