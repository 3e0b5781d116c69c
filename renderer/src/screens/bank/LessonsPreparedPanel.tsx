import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { workbench } from '../../api';
import type { InstitutionSummary, PsuInput, PsuSummary } from '../../../../preload/api/workbench-api';
import { useLessonsPrepared } from '../../state/lessons-prepared';
import { usePhone } from '../../state/phone';
import { selectInstitutions, useShell } from '../../state/shell';
import { InstitutionSelect } from './InstitutionSelect';
import { PAYEE_ANSWERS } from './payee-answers';
import { PreparedLists } from './PreparedLists';
import { useLivePanel } from './use-live-panel';
import './lessons-prepared.css';

type PayeeOutcome = (typeof PAYEE_ANSWERS)[number]['outcome'];

/** A customer's part in a lesson, as the account permissions and the dataset's note of what they are for. */
const CUSTOMER_ROLES = [
  { value: 'prepares', label: 'Prepares payments', permissions: ['ais', 'paymentCreation'], approves: false },
  { value: 'approves', label: 'Approves payments', permissions: ['ais', 'paymentAuthorisation'], approves: true },
  { value: 'both', label: 'Prepares and approves payments', permissions: ['ais', 'paymentCreation', 'paymentAuthorisation'], approves: true },
  { value: 'reads', label: 'Reads the accounts only', permissions: ['ais'], approves: false },
] as const;

const PAYMENT_CATEGORIES = ['domestic', 'sepa', 'international', 'internal'] as const;

/**
 * Lessons prepared ahead (docs/teaching.md): payees for the bank's Verification of Payee registry and customers
 * for an institution, added here and kept over New class, with the saved lessons, and the one file that takes
 * them to another trainer.
 */
export function LessonsPreparedPanel() {
  const { prepared, busy, error, notice, exportFile, importFile } = useLessonsPrepared();
  const fileInput = useRef<HTMLInputElement>(null);
  useLivePanel(useLessonsPrepared);
  useEffect(() => void usePhone.getState().loadPsus(), []);

  const onFile = (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void file.text().then(importFile);
  };

  return (
    <section className="bank-section bank-operator lessons-prepared" data-testid="lessons-prepared" aria-label="Prepared for lessons">
      <h2>Prepared for lessons</h2>
      <p className="muted">
        Payees and customers for next week’s class. They stay through New class; save a lesson with them on the Flows screen, and share everything as one file.
      </p>
      {error && (
        <p className="bank-error" role="alert" data-testid="prep-error">
          {error}
        </p>
      )}
      {notice && (
        <p className="prep-notice" role="status" data-testid="prep-notice">
          {notice}
        </p>
      )}
      <PayeeForm />
      <CustomerForm />
      <PreparedLists />
      <div className="bank-operator-row">
        <button type="button" disabled={busy} onClick={() => void exportFile()} data-testid="prep-export">
          Export lessons file
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          title="Add the payees, customers and lessons of a file another trainer exported"
        >
          Import lessons file
        </button>
        <input ref={fileInput} type="file" accept=".json,application/json" onChange={onFile} data-testid="prep-import" hidden />
        <span className="muted">
          {prepared.lessons.length} saved lesson{prepared.lessons.length === 1 ? '' : 's'}, {prepared.payees.length} payee
          {prepared.payees.length === 1 ? '' : 's'}, {prepared.psus.length} customer{prepared.psus.length === 1 ? '' : 's'} added.
        </span>
      </div>
    </section>
  );
}

/** A labelled control of a form, the label above it. */
function Field({ label, wide, children }: { label: string; wide?: 'name' | 'choice'; children: ReactNode }) {
  return (
    <label className={`prep-field${wide === undefined ? '' : ` prep-field-${wide}`}`}>
      <span>{label}</span>
      {children}
    </label>
  );
}

function useInstitutions(): InstitutionSummary[] {
  const [institutions, setInstitutions] = useState<InstitutionSummary[]>([]);
  useEffect(() => {
    let live = true;
    workbench
      .listInstitutions()
      .then((list) => live && setInstitutions(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return institutions;
}

function PayeeForm() {
  const { busy, addPayee } = useLessonsPrepared();
  const verifying = useInstitutions()
    .filter((i) => i.verificationOfPayee)
    .map((i) => i.id);
  const [institution, setInstitution] = useState('');
  const [registeredName, setRegisteredName] = useState('');
  const [iban, setIban] = useState('');
  const [outcome, setOutcome] = useState<PayeeOutcome>('closeMatch');
  const [creditorName, setCreditorName] = useState('');
  const chosen = institution || verifying[0] || '';
  // Match and the answers that do not depend on the name take the registered name when none is written.
  const nameNeeded = outcome === 'closeMatch' || outcome === 'noMatch';
  const ready = chosen !== '' && registeredName.trim() !== '' && iban.trim() !== '' && (!nameNeeded || creditorName.trim() !== '');

  return (
    <form
      className="prep-form"
      aria-label="Add a payee to the VoP registry"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        void addPayee({
          institution: chosen,
          iban: iban.replace(/\s+/g, '').toUpperCase(),
          registeredName: registeredName.trim(),
          creditorName: creditorName.trim() || registeredName.trim(),
          outcome,
        }).then((ok) => {
          if (!ok) return;
          setRegisteredName('');
          setIban('');
          setCreditorName('');
        });
      }}
    >
      <h3>Add a payee to the VoP registry</h3>
      <div className="prep-row">
        <Field label="At">
          <InstitutionSelect value={chosen} institutions={verifying} onChange={setInstitution} testId="prep-payee-institution" />
        </Field>
        <Field label="Account holder’s registered name" wide="name">
          <input
            value={registeredName}
            maxLength={140}
            placeholder="Café Müller"
            onChange={(e) => setRegisteredName(e.target.value)}
            data-testid="prep-payee-name"
          />
        </Field>
        <Field label="IBAN" wide="name">
          <input
            value={iban}
            maxLength={42}
            placeholder="DE89 3704 0044 0532 0130 00"
            spellCheck={false}
            onChange={(e) => setIban(e.target.value)}
            data-testid="prep-payee-iban"
          />
        </Field>
      </div>
      <div className="prep-row">
        <Field label="The payee’s bank answers" wide="choice">
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as PayeeOutcome)} data-testid="prep-payee-outcome">
            {PAYEE_ANSWERS.map((a) => (
              <option key={a.outcome} value={a.outcome}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={nameNeeded ? 'when the payer writes the name' : 'when the payer writes the name (optional)'} wide="name">
          <input
            value={creditorName}
            maxLength={140}
            placeholder={outcome === 'closeMatch' ? 'Cafe Mueller' : outcome === 'noMatch' ? 'Café Schulz' : 'the registered name'}
            onChange={(e) => setCreditorName(e.target.value)}
            data-testid="prep-payee-creditor"
          />
        </Field>
        <button type="submit" className="prep-submit" disabled={busy || !ready} data-testid="prep-payee-add">
          Add payee
        </button>
      </div>
    </form>
  );
}

/** The companies of an institution, each with its customers and accounts, from the customers GET psus lists. */
function companiesAt(
  psus: readonly PsuSummary[],
  institution: string,
): { id: string; people: string[]; accounts: { resourceId: string; currency: string }[] }[] {
  const byId = new Map<string, { id: string; people: string[]; accounts: Map<string, string> }>();
  for (const psu of psus.filter((p) => p.institution === institution)) {
    const company = byId.get(psu.corporateId) ?? { id: psu.corporateId, people: [], accounts: new Map<string, string>() };
    company.people.push(psu.name);
    for (const account of psu.accounts) company.accounts.set(account.resourceId, account.currency);
    byId.set(psu.corporateId, company);
  }
  return [...byId.values()].map((c) => ({ id: c.id, people: c.people, accounts: [...c.accounts].map(([resourceId, currency]) => ({ resourceId, currency })) }));
}

/** An id such as FRA-MIA-WAGNER from the institution's prefix and the customer's name. */
function suggestedId(psus: readonly PsuSummary[], institution: string, name: string): string {
  const prefix = psus.find((p) => p.institution === institution)?.psuId.split('-')[0] ?? institution.slice(0, 3).toUpperCase();
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40 - prefix.length - 1)
    .replace(/-+$/, '');
  return slug === '' ? '' : `${prefix}-${slug}`;
}

function CustomerForm() {
  const { busy, addPsu } = useLessonsPrepared();
  const institutions = useShell(selectInstitutions);
  const psus = usePhone((s) => s.psus);
  const [institution, setInstitution] = useState('');
  const [company, setCompany] = useState('');
  const [name, setName] = useState('');
  const [id, setId] = useState<string | null>(null);
  const [role, setRole] = useState<(typeof CUSTOMER_ROLES)[number]['value']>('approves');
  const [limit, setLimit] = useState('5000.00');
  const [group, setGroup] = useState('');
  const [bankApp, setBankApp] = useState(true);

  const chosen = institution || institutions.find((i) => i === 'frankfurt') || institutions[0] || '';
  const companies = useMemo(() => companiesAt(psus, chosen), [psus, chosen]);
  const chosenCompany = companies.find((c) => c.id === company) ?? companies[0];
  const psuId = id ?? suggestedId(psus, chosen, name);
  const part = CUSTOMER_ROLES.find((r) => r.value === role) ?? CUSTOMER_ROLES[0];
  const limitValid = !part.approves || /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(limit.trim());
  const ready = chosenCompany !== undefined && name.trim() !== '' && psuId !== '' && limitValid;

  const customer = (): PsuInput | null => {
    if (chosenCompany === undefined) return null;
    const currency = chosenCompany.accounts[0]?.currency ?? 'EUR';
    return {
      psuId,
      name: name.trim(),
      institution: chosen,
      corporateId: chosenCompany.id,
      signatoryGroup: group === '' ? null : group,
      scaEnrolled: bankApp,
      accounts: chosenCompany.accounts.map((a) => ({ resourceId: a.resourceId, permissions: [...part.permissions] })),
      approvalLimits: part.approves ? Object.fromEntries(PAYMENT_CATEGORIES.map((c) => [c, { currency, amount: limit.trim() }])) : {},
      role: `${part.label}${part.approves ? `, up to ${limit.trim()} ${currency} each` : ''} (added for a lesson)`,
    };
  };

  return (
    <form
      className="prep-form"
      aria-label="Add a customer"
      onSubmit={(e) => {
        e.preventDefault();
        const input = customer();
        if (!ready || input === null) return;
        void addPsu(input).then((ok) => {
          if (!ok) return;
          setName('');
          setId(null);
        });
      }}
    >
      <h3>Add a customer</h3>
      <div className="prep-row">
        <Field label="At">
          <InstitutionSelect
            value={chosen}
            institutions={institutions}
            onChange={(i) => {
              setInstitution(i);
              setCompany('');
              setId(null);
            }}
            testId="prep-psu-institution"
          />
        </Field>
        <Field label="Company" wide="choice">
          <select value={chosenCompany?.id ?? ''} onChange={(e) => setCompany(e.target.value)} data-testid="prep-psu-company">
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id} · {c.people.slice(0, 2).join(', ')}
                {c.people.length > 2 ? ` and ${c.people.length - 2} more` : ''}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="prep-row">
        <Field label="Name" wide="name">
          <input value={name} maxLength={140} placeholder="Mia Wagner" onChange={(e) => setName(e.target.value)} data-testid="prep-psu-name" />
        </Field>
        <Field label="Customer id" wide="name">
          <input value={psuId} maxLength={40} spellCheck={false} onChange={(e) => setId(e.target.value.toUpperCase())} data-testid="prep-psu-id" />
        </Field>
      </div>
      <div className="prep-row">
        <Field label="What they do" wide="choice">
          <select value={role} onChange={(e) => setRole(e.target.value as typeof role)} data-testid="prep-psu-role">
            {CUSTOMER_ROLES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
        {part.approves && (
          <Field label={`Approves up to (${chosenCompany?.accounts[0]?.currency ?? 'EUR'} per payment)`}>
            <input
              value={limit}
              inputMode="decimal"
              className="prep-amount"
              aria-invalid={!limitValid}
              onChange={(e) => setLimit(e.target.value)}
              data-testid="prep-psu-limit"
            />
          </Field>
        )}
        <Field label="Signatory group">
          <select value={group} onChange={(e) => setGroup(e.target.value)} data-testid="prep-psu-group">
            <option value="">none</option>
            <option value="A">A</option>
            <option value="B">B</option>
          </select>
        </Field>
        <label className="toggle prep-toggle">
          <input type="checkbox" checked={bankApp} onChange={(e) => setBankApp(e.target.checked)} data-testid="prep-psu-app" />
          Has the bank’s app
        </label>
        <button type="submit" className="prep-submit" disabled={busy || !ready} data-testid="prep-psu-add">
          Add customer
        </button>
      </div>
    </form>
  );
}
