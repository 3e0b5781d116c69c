// The tables of the default dataset in docs/dataset.md (institutions, PSUs and their accounts), made
// from the dataset itself: `npm run dataset-tables` prints them, and test/unit/dataset-tables.test.ts
// fails when the copy in docs/dataset.md differs, so the two cannot drift apart.
import type { Account, Dataset, Psu } from '../main/domain/dataset/types';
import { loadDataset } from '../main/services/operator/dataset-loader';

const short = (product: string): string => product.replace(/^pain\.001-/, '');

function accountLabel(account: Account): string {
  const ukNumber = account.sortCode && account.accountNumber ? `sort code ${account.sortCode}, account ${account.accountNumber}` : undefined;
  const ids = [account.iban, ukNumber].filter((v): v is string => v !== undefined).join(', ');
  return `${account.resourceId} (${account.name}, ${account.currency}, ${ids})`;
}

const PERMISSIONS: Record<string, string> = { ais: 'reads', paymentCreation: 'creates', paymentAuthorisation: 'authorises' };

function psuRow(psu: Psu, accounts: ReadonlyMap<string, Account>): string {
  const byPermissions = new Map<string, string[]>();
  for (const grant of psu.accounts) {
    const what = grant.permissions.map((p) => PERMISSIONS[p] ?? p).join(', ');
    const account = accounts.get(grant.resourceId);
    byPermissions.set(what, [...(byPermissions.get(what) ?? []), account ? accountLabel(account) : grant.resourceId]);
  }
  const grants = [...byPermissions].map(([what, list]) => `${what}: ${list.join('; ')}`).join('<br>');
  const group = psu.signatoryGroup ?? '–';
  return `| \`${psu.psuId}\` | ${psu.name} | ${psu.corporateId} | ${group} | ${psu.scaEnrolled ? 'yes' : 'no'} | ${grants} |`;
}

export function datasetTables(dataset: Dataset): string {
  const accounts = new Map(dataset.accounts.map((a) => [a.resourceId, a]));
  const lines = [
    '| institution | name | BIC | currency | products (processing delay after the last authorisation) | VoP | trust framework |',
    '|---|---|---|---|---|---|---|',
    ...dataset.institutions.map(
      (i) =>
        `| \`${i.id}\` | ${i.name} | ${i.bic} | ${i.currency} | ${i.products.map((p) => `${short(p)} (${i.processingDelays[p] ?? '–'})`).join(', ')} | ${i.verificationOfPayee ? 'yes' : 'no'} | ${i.trustFramework} |`,
    ),
  ];
  for (const institution of dataset.institutions) {
    lines.push(
      '',
      `<details><summary>PSUs of <code>${institution.id}</code> and their accounts</summary>`,
      '',
      '| PSU | name | customer | group | bank app | accounts: what the PSU may do |',
      '|---|---|---|---|---|---|',
      ...dataset.psus.filter((p) => p.institution === institution.id).map((p) => psuRow(p, accounts)),
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(datasetTables(loadDataset()));
