import type { ConsentSummary, PsuSummary } from '../../../../preload/api/workbench-api';
import { formatInstant } from '../../widgets/format';

interface Props {
  consentId: string;
  consent: ConsentSummary | undefined;
  psu: PsuSummary | undefined;
}

/** What approving a consent gives the TPP: the PSU's accounts and what each may be used for. */
export function ConsentSubject({ consentId, consent, psu }: Props) {
  return (
    <div className="journey-subject">
      <p className="journey-lead">
        <strong>{consent?.tppId ?? 'A provider'}</strong> asks to see your accounts
        {consent?.recurringIndicator ? ' regularly' : ' once'}.
      </p>
      <dl className="phone-facts">
        <dt>Consent</dt>
        <dd className="wire" title={consentId}>
          {consentId}
        </dd>
        {consent && (
          <>
            <dt>Valid until</dt>
            <dd>{consent.validUntil}</dd>
            <dt>Requested</dt>
            <dd>{formatInstant(consent.createdAt)}</dd>
          </>
        )}
      </dl>
      {psu && psu.accounts.length > 0 ? (
        <ul className="account-list" aria-label="Accounts this consent reaches">
          {psu.accounts.map((account) => (
            <li key={account.resourceId}>
              <span className="wire">{account.iban ?? account.bban ?? account.resourceId}</span>
              <span className="muted">
                {account.currency} · {account.permissions.join(', ')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">This PSU has no accounts in the dataset.</p>
      )}
    </div>
  );
}
