import type { ConsentSummary, PsuSummary, ScaJourney } from '../../../../preload/api/workbench-api';
import { accountLabel } from '../../widgets/account-number';
import { formatDate } from '../../widgets/format';
import { permissionWords } from '../../widgets/plain-words';
import { SimTime } from '../../widgets/SimTime';
import { ProviderFact } from './ProviderFact';
import { TrainerCode } from './TrainerCode';

interface Props {
  consentId: string;
  consent: ConsentSummary | undefined;
  psu: PsuSummary | undefined;
  /** The provider asking, as the PSU knows it. */
  tpp: ScaJourney['tpp'];
}

/** What approving a consent gives the TPP: the PSU's accounts and what each may be used for. */
export function ConsentSubject({ consentId, consent, psu, tpp }: Props) {
  return (
    <div className="journey-subject">
      <p className="journey-lead">
        <strong>{tpp?.name ?? consent?.tppId ?? 'A provider'}</strong> asks to see your accounts
        {consent?.recurringIndicator ? ' regularly' : ' once'}.
      </p>
      {consent && (
        <dl className="phone-facts">
          <dt>Until</dt>
          <dd>{formatDate(consent.validUntil)}</dd>
          <dt>Asked</dt>
          <dd>
            <SimTime instant={consent.createdAt} />
          </dd>
          <ProviderFact tpp={tpp} />
        </dl>
      )}
      {psu && psu.accounts.length > 0 ? (
        <ul className="account-list" aria-label="Accounts this consent reaches">
          {psu.accounts.map((account) => (
            <li key={account.resourceId}>
              <span className="wire-plain">{accountLabel({ iban: account.iban, otherId: account.bban }) ?? account.resourceId}</span>
              <span className="muted">
                {account.currency} · {permissionWords(account.permissions)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">This PSU has no accounts in the dataset.</p>
      )}
      <TrainerCode>consent {consentId}</TrainerCode>
    </div>
  );
}
