/**
 * What the dataset's schema cannot say: fields that go together, values unique in their list, the
 * references between its parts (a PSU's corporate customer and accounts, a basket's payments) and the
 * spec's rules on institutions. Run once the file has the schema's shape.
 */
import type { CorporateCustomer, Dataset, Institution, InstitutionId, PaymentProduct } from './types';
import { INSTITUTION_IDS, PAYMENT_PRODUCTS } from './schema';
import { sandboxPaymentAnswersAt } from './sandbox';
import { at, fail, item, show } from './dataset-error';
import { toMinorUnits } from '../money';

/** Fails at the second occurrence of a value, naming that entry. */
function unique(values: readonly string[], path: string, what: string, field?: string): void {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (seen.has(value)) fail(field === undefined ? item(path, i) : at(item(path, i), field), `duplicate ${what} ${show(value)}`);
    seen.add(value);
  });
}

/** Rules between the fields of one entry: an account's identifiers, a history's draws, a grant's permissions. */
export function checkFieldsTogether(d: Dataset): void {
  d.corporates.forEach((c, i) => {
    const upTo = c.approvalRules.singleAuthorisationUpTo;
    if (upTo !== undefined)
      unique(
        upTo.map((m) => m.currency),
        at(at(item('corporates', i), 'approvalRules'), 'singleAuthorisationUpTo'),
        'currency',
      );
  });
  d.psus.forEach((p, i) => {
    p.accounts.forEach((g, j) => unique(g.permissions, at(item(at(item('psus', i), 'accounts'), j), 'permissions'), 'permission'));
  });
  d.accounts.forEach((a, i) => {
    const path = item('accounts', i);
    const history = at(path, 'history');
    a.history.recurring.forEach((r, j) => {
      if (toMinorUnits(r.amount) === 0n) fail(at(item(at(history, 'recurring'), j), 'amount'), 'is zero');
    });
    if (a.history.randomPerMonth > 0 && a.history.randomCounterparties.length === 0) {
      fail(at(history, 'randomCounterparties'), 'is empty although randomPerMonth is above 0');
    }
    if ((a.sortCode === undefined) !== (a.accountNumber === undefined)) {
      fail(at(path, a.sortCode === undefined ? 'sortCode' : 'accountNumber'), 'is missing: sortCode and accountNumber go together');
    }
    if (a.iban === undefined && a.sortCode === undefined) fail(at(path, 'iban'), 'is missing: an account needs an IBAN or a sort code and account number');
  });
}

export function checkInstitutions(institutions: readonly Institution[]): void {
  unique(
    institutions.map((i) => i.id),
    'institutions',
    'institution id',
    'id',
  );
  for (const id of INSTITUTION_IDS) {
    if (!institutions.some((i) => i.id === id)) fail('institutions', `no entry for institution "${id}"`);
  }
  institutions.forEach((inst, i) => {
    const path = item('institutions', i);
    unique(inst.products, at(path, 'products'), 'product');
    unique(inst.calendar.weekendDays.map(String), at(at(path, 'calendar'), 'weekendDays'), 'weekend day');
    if (inst.id === 'london' && inst.verificationOfPayee) {
      fail(at(path, 'verificationOfPayee'), 'must be false for london: the spec excludes London from Verification of Payee');
    }
    const framework = inst.id === 'london' ? 'uk-open-banking' : 'eidas';
    if (inst.trustFramework !== framework) {
      fail(at(path, 'trustFramework'), `must be "${framework}" for ${inst.id} (spec: Access model)`);
    }
    for (const [field, byProduct] of [
      ['cutOffs', inst.cutOffs],
      ['processingDelays', inst.processingDelays],
      ['productLimits', inst.productLimits ?? {}],
    ] as const) {
      for (const product of Object.keys(byProduct)) {
        if (!inst.products.some((p) => p === product)) {
          fail(at(at(path, field), product), `product is not offered by ${inst.id}`);
        }
      }
    }
    for (const product of inst.products) {
      if (inst.processingDelays[product] === undefined)
        fail(at(at(path, 'processingDelays'), product), `is missing: every product ${inst.id} offers needs one`);
    }
  });
}

export function checkReferences(d: Dataset): void {
  const corporates = new Map(d.corporates.map((c) => [c.id, c]));
  const accounts = new Map(d.accounts.map((a) => [a.resourceId, a]));
  const corporateOf = (id: string, path: string): CorporateCustomer => corporates.get(id) ?? fail(path, `unknown corporate customer ${show(id)}`);
  const sameInstitution = (mine: InstitutionId, corporate: CorporateCustomer, path: string): void => {
    if (mine !== corporate.institution) {
      fail(path, `"${mine}" differs from the institution "${corporate.institution}" of corporate customer ${corporate.id}`);
    }
  };

  unique(
    d.corporates.map((c) => c.id),
    'corporates',
    'corporate id',
    'id',
  );
  unique(
    d.accounts.map((a) => a.resourceId),
    'accounts',
    'resourceId',
    'resourceId',
  );
  const ibans = new Set<string>();
  d.accounts.forEach((a, i) => {
    if (a.iban === undefined) return;
    if (ibans.has(a.iban)) fail(at(item('accounts', i), 'iban'), `duplicate IBAN ${show(a.iban)}`);
    ibans.add(a.iban);
  });
  d.accounts.forEach((a, i) => {
    const path = item('accounts', i);
    sameInstitution(a.institution, corporateOf(a.corporateId, at(path, 'corporateId')), at(path, 'institution'));
  });

  unique(
    d.psus.map((p) => p.psuId),
    'psus',
    'psuId',
    'psuId',
  );
  d.psus.forEach((p, i) => {
    const path = item('psus', i);
    const corporate = corporateOf(p.corporateId, at(path, 'corporateId'));
    sameInstitution(p.institution, corporate, at(path, 'institution'));
    unique(
      p.accounts.map((g) => g.resourceId),
      at(path, 'accounts'),
      'account grant',
      'resourceId',
    );
    p.accounts.forEach((g, j) => {
      const grantPath = at(item(at(path, 'accounts'), j), 'resourceId');
      const granted = accounts.get(g.resourceId) ?? fail(grantPath, `unknown account ${show(g.resourceId)}`);
      if (granted.corporateId !== p.corporateId) {
        fail(grantPath, `account belongs to corporate customer ${granted.corporateId}, not to the PSU's ${p.corporateId}`);
      }
    });
  });

  unique(
    d.payees.map((p) => p.iban),
    'payees',
    'IBAN',
    'iban',
  );
  checkSandboxReferences(d);
}

function checkSandboxReferences(d: Dataset): void {
  const sb = d.sandbox;
  const psuIds = new Set(d.psus.map((p) => p.psuId));
  const offered = new Set<PaymentProduct>(d.institutions.flatMap((i) => i.products));
  sb.consents.forEach((c, i) => {
    if (!psuIds.has(c.psuId)) fail(at(item('sandbox.consents', i), 'psuId'), `unknown PSU ${show(c.psuId)}`);
  });
  unique(
    sb.consents.map((c) => c.consentId),
    'sandbox.consents',
    'consentId',
    'consentId',
  );
  for (const product of PAYMENT_PRODUCTS) {
    if (sb.createdPaymentIds[product] !== undefined && !offered.has(product)) {
      fail(at('sandbox.createdPaymentIds', product), 'product is offered by no institution');
    }
  }
  unique(
    sb.payments.map((p) => p.paymentId),
    'sandbox.payments',
    'paymentId',
    'paymentId',
  );
  sb.payments.forEach((p, i) => {
    if (!offered.has(p.product)) fail(at(item('sandbox.payments', i), 'product'), `${p.product} is offered by no institution`);
  });
  const productOf = new Map(sb.payments.map((p) => [p.paymentId, p.product]));
  unique(
    sb.baskets.map((b) => b.basketId),
    'sandbox.baskets',
    'basketId',
    'basketId',
  );
  /** Through every institution a basket lists at least one payment that answers there (spec "Sandbox behaviour" 6). */
  const basketPayments = (ids: readonly string[], path: string): void => {
    ids.forEach((id, j) => {
      if (!productOf.has(id)) fail(item(path, j), `unknown sandbox payment ${show(id)}`);
    });
    for (const institution of d.institutions) {
      if (!ids.some((id) => sandboxPaymentAnswersAt(d, productOf.get(id) as PaymentProduct, institution.id))) {
        fail(path, `no payment of a product ${institution.id} offers (${institution.products.join(', ')}), so the basket would list none there`);
      }
    }
  };
  basketPayments(sb.createdBasketPaymentIds, 'sandbox.createdBasketPaymentIds');
  sb.baskets.forEach((b, i) => {
    const path = item('sandbox.baskets', i);
    basketPayments(b.paymentIds, at(path, 'paymentIds'));
    if ((b.scaStatus === 'finalised') !== (b.transactionStatus === 'ACTC')) {
      fail(at(path, 'transactionStatus'), `${b.transactionStatus} does not go with scaStatus ${b.scaStatus} (finalised/ACTC, failed/RJCT)`);
    }
  });
}
