import type { Account, Dataset, InstitutionId } from '../../dataset/types';

/**
 * A pain.001 template written for one institution, moved to another that offers the same product:
 * each of the source institution's accounts becomes the account in the same place at the target
 * (FRA-ACC-02 → PAR-ACC-02: same customer, same role), each customer's name the target customer's,
 * the BIC the target's. Creditors outside the bank stay as they are, so the VoP outcomes stay too.
 * Only whole values are replaced, and the text is otherwise kept byte for byte.
 */
export function transferTemplate(xml: string, from: InstitutionId, to: InstitutionId, dataset: Dataset): string {
  if (from === to) return xml;
  const source = dataset.institutions.find((i) => i.id === from);
  const target = dataset.institutions.find((i) => i.id === to);
  if (!source || !target) throw new Error(`unknown institution ${!source ? from : to}`);
  const prefix = prefixOf(dataset, to);
  const counterpart = (id: string): string => id.replace(/^[A-Z]+-/, `${prefix}-`);
  const replacements = new Map<string, string>([[source.bic, target.bic]]);
  // An IBAN whose counterpart has none (a UK account known by sort code and number) changes form.
  const reshaped = new Map<string, string>();
  const accounts = new Map(dataset.accounts.map((a) => [a.resourceId, a]));
  for (const account of dataset.accounts.filter((a) => a.institution === from)) {
    const twin = accounts.get(counterpart(account.resourceId));
    if (!twin) continue;
    for (const [value, replacement] of identifierPairs(account, twin)) replacements.set(value, replacement);
    if (account.iban && !twin.iban && twin.sortCode && twin.accountNumber)
      reshaped.set(account.iban, `${twin.sortCode.replace(/-/g, '')}${twin.accountNumber}`);
  }
  for (const corporate of dataset.corporates.filter((c) => c.institution === from)) {
    const twin = dataset.corporates.find((c) => c.id === counterpart(corporate.id));
    if (twin) replacements.set(corporate.name, twin.name);
  }
  const moved = xml
    .replace(/<IBAN>([^<>]+)<\/IBAN>/g, (whole, iban: string) => {
      const otherId = reshaped.get(iban);
      return otherId === undefined ? whole : `<Othr><Id>${otherId}</Id></Othr>`;
    })
    // Amounts in the source's own currency are in the target's (an internal transfer moves the account's money).
    .replace(new RegExp(`Ccy="${source.currency}"`, 'g'), `Ccy="${target.currency}"`);
  // Element content only (>value<), so a name inside a longer text or an attribute is never touched.
  return moved.replace(/>([^<>]+)</g, (whole, text: string) => {
    const replacement = replacements.get(text);
    return replacement === undefined ? whole : `>${replacement}<`;
  });
}

/** The prefix an institution's identifiers carry (FRA-ACC-01, FRA-CORP-1), read from its accounts. */
function prefixOf(dataset: Dataset, institution: InstitutionId): string {
  const account = dataset.accounts.find((a) => a.institution === institution);
  if (!account) throw new Error(`institution ${institution} has no accounts`);
  return account.resourceId.split('-')[0] as string;
}

function identifierPairs(account: Account, twin: Account): [string, string][] {
  const pairs: [string, string][] = [];
  if (account.iban && twin.iban) pairs.push([account.iban, twin.iban]);
  if (account.sortCode && account.accountNumber && twin.sortCode && twin.accountNumber) {
    pairs.push([`${account.sortCode.replace(/-/g, '')}${account.accountNumber}`, `${twin.sortCode.replace(/-/g, '')}${twin.accountNumber}`]);
  }
  return pairs;
}
