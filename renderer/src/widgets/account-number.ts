/** IBANs in groups of four, as printed on statements, so a person can compare them group by group. */
export function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A creditor's account as a person reads it: the IBAN grouped, any other identifier as written. */
export function accountLabel(account: { iban?: string; otherId?: string }): string | undefined {
  return account.iban !== undefined ? groupIban(account.iban) : account.otherId;
}
