import { useEffect, useMemo, useState } from 'react';
import { InstitutionSelect } from './InstitutionSelect';
import { useOperator } from '../../state/operator';
import { useResources } from '../../state/resources';
import { selectInstitutions, useShell } from '../../state/shell';
import { useLivePanel } from './use-live-panel';

const EVERY_TPP = '';

/**
 * What the bank's operator decides beside the resources: how many requests per second each TPP may
 * send (429 TOO_MANY_REQUESTS beyond), and where the consent service is blocked (403 SERVICE_BLOCKED).
 */
export function OperatorSettings() {
  const { perSecond, blocks, busy, error, setRateLimit, block, unblock } = useOperator();
  const institutions = useShell(selectInstitutions);
  const { consents, payments } = useResources();
  const knownTpps = useMemo(() => [...new Set([...consents, ...payments].map((r) => r.tppId).filter((t) => t !== '*'))].sort(), [consents, payments]);
  const [limitDraft, setLimitDraft] = useState('');
  const [institution, setInstitution] = useState('');
  const [tppId, setTppId] = useState(EVERY_TPP);

  useLivePanel(useOperator);
  useEffect(() => setLimitDraft(perSecond === null ? '' : String(perSecond)), [perSecond]);

  const limit = Number(limitDraft);
  const limitValid = limitDraft.trim() !== '' && Number.isInteger(limit) && limit >= 0 && limit <= 100_000;
  const chosenInstitution = institution || institutions[0] || '';

  return (
    <section className="bank-section bank-operator" data-testid="operator-settings" aria-label="Rate limit and service blocks">
      <h2>Rate limit and service blocks</h2>
      {error && (
        <p className="bank-error" role="alert">
          {error}
        </p>
      )}
      <form
        className="bank-operator-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (limitValid) void setRateLimit(limit);
        }}
      >
        <label>
          Requests per second per TPP{' '}
          <input
            type="number"
            min={0}
            max={100000}
            step={1}
            value={limitDraft}
            data-testid="rate-limit-input"
            aria-invalid={!limitValid}
            onChange={(e) => setLimitDraft(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="rate-limit-apply" disabled={busy || !limitValid || limit === perSecond}>
          Apply
        </button>
        <span className="muted" data-testid="rate-limit-state">
          {perSecond === null ? '' : perSecond === 0 ? 'Off: no limit.' : `Over ${perSecond} in a second, a TPP gets 429 TOO_MANY_REQUESTS.`}
        </span>
      </form>
      <form
        className="bank-operator-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosenInstitution) void block(chosenInstitution, tppId.trim() === EVERY_TPP ? null : tppId.trim());
        }}
      >
        <label>
          Block the consent service at{' '}
          <InstitutionSelect value={chosenInstitution} institutions={institutions} onChange={setInstitution} testId="block-institution" />
        </label>
        <label>
          for{' '}
          <input
            list="operator-known-tpps"
            placeholder="every TPP"
            value={tppId}
            data-testid="block-tpp"
            maxLength={140}
            onChange={(e) => setTppId(e.target.value)}
          />
          <datalist id="operator-known-tpps">
            {knownTpps.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>
        <button type="submit" data-testid="block-add" disabled={busy || !chosenInstitution}>
          Block
        </button>
      </form>
      {blocks.length === 0 ? (
        <p className="bank-empty" data-testid="blocks-empty">
          No blocks: every TPP may use the consent service everywhere.
        </p>
      ) : (
        <ul className="bank-blocks" data-testid="blocks">
          {blocks.map((b) => (
            <li key={`${b.institution}/${b.tppId ?? ''}`} data-testid="block-row">
              <span>
                <b>{b.institution}</b>, {b.tppId === null ? 'every TPP' : <code>{b.tppId}</code>}: 403 SERVICE_BLOCKED
              </span>
              <button type="button" disabled={busy} onClick={() => void unblock(b)} aria-label={`Unblock ${b.institution} for ${b.tppId ?? 'every TPP'}`}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
