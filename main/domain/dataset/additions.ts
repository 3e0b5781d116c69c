/**
 * Entries a trainer adds to the dataset ahead of a lesson (docs/teaching.md, "Lessons prepared ahead"): a
 * payee of an institution's VoP registry and a customer (PSU). Each is checked as the dataset's own entries
 * are at load (schema.ts, references.ts): the dataset with the entry added must pass validateDataset, and a
 * problem is named by the entry's own field (`iban: "DE00…" is not a valid IBAN: …`).
 */
import Type from 'typebox';
import type { Dataset, InstitutionId, Psu, VopOutcome } from './types';
import { INSTITUTION_IDS, Psu as PsuSchema, VOP_OUTCOMES } from './schema';
import { Iban, NonEmptyText } from './field-formats';
import { checkAgainst } from './schema-check';
import { DatasetError, fail } from './dataset-error';
import { validateDataset } from './validate';
import { exactForm } from '../vop/names';
import { asDatasetPayee, preparedNote, type PreparedPayee } from '../vop/prepared-payees';

/** An added PSU's id is one a flow's psu parameter takes (flows/library/parameters.ts): capitals, digits and dashes. */
const ADDED_PSU_ID = /^[A-Z0-9][A-Z0-9-]{0,39}$/;
const MAX_NAME = 140;

const AddedPayee = Type.Object(
  {
    institution: Type.Enum(INSTITUTION_IDS),
    iban: Iban(),
    registeredName: NonEmptyText(),
    creditorName: NonEmptyText(),
    outcome: Type.Enum(VOP_OUTCOMES),
    demonstrates: Type.Optional(NonEmptyText()),
  },
  { additionalProperties: false },
);

/** `entries[3].iban` as the added entry's own `iban`; the dataset's other paths as they are. */
function asOwnField(err: unknown, prefix: string): never {
  if (!(err instanceof DatasetError) || !err.path.startsWith(prefix)) throw err;
  const rest = err.path.slice(prefix.length).replace(/^\./, '');
  throw new DatasetError(rest, err.problem);
}

const tooLong = (value: string, field: string): void => {
  if (value.length > MAX_NAME) fail(field, `is ${value.length} characters long: at most ${MAX_NAME}`);
};

/**
 * A payee for the VoP registry of `institution`, checked as the dataset's payees are (a valid IBAN, unique
 * in the registry the institution's payments are checked against: the dataset's payees and those added
 * there before), at an institution that verifies payees.
 */
export function checkAddedPayee(dataset: Dataset, addedThere: readonly PreparedPayee[], input: unknown): PreparedPayee {
  checkAgainst(AddedPayee, input, '');
  const given = input as Omit<PreparedPayee, 'demonstrates'> & { demonstrates?: string };
  for (const field of ['registeredName', 'creditorName', 'demonstrates'] as const) tooLong(given[field] ?? '', field);
  const institution = dataset.institutions.find((i) => i.id === given.institution);
  if (institution === undefined) fail('institution', `"${given.institution}" is not an institution of the dataset`);
  if (!institution.verificationOfPayee)
    fail('institution', `${institution.id} does not verify payees (no Verification of Payee), so no payment there asks its registry`);
  if (given.outcome === 'closeMatch' && exactForm(given.creditorName) === exactForm(given.registeredName))
    fail('creditorName', 'is the registered name itself: a close match is a name that differs a little, for which the bank suggests the registered name');
  const payee: PreparedPayee = {
    institution: institution.id as InstitutionId,
    iban: given.iban,
    registeredName: given.registeredName,
    creditorName: given.creditorName,
    outcome: given.outcome as VopOutcome,
    demonstrates: given.demonstrates ?? preparedNote(given.outcome),
  };
  const payees = [...dataset.payees, ...addedThere.map(asDatasetPayee), asDatasetPayee(payee)];
  try {
    validateDataset({ ...dataset, payees });
  } catch (err) {
    asOwnField(err, `payees[${payees.length - 1}]`);
  }
  return payee;
}

/** What an added customer may leave out: not a signatory, enrolled in the bank's app, no approval limits. */
const PSU_DEFAULTS = { signatoryGroup: null, scaEnrolled: true, approvalLimits: {} } as const;

/**
 * A customer (PSU) added to the dataset (which holds the customers added before), checked as the dataset's
 * PSUs are: known institution and corporate customer of that institution, accounts of that customer, a
 * psuId unique in the dataset; and one a flow can name.
 */
export function checkAddedPsu(dataset: Dataset, input: unknown): Psu {
  const psu = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...PSU_DEFAULTS, ...input } : input;
  checkAgainst(PsuSchema, psu, '');
  const given = psu as Psu;
  if (!ADDED_PSU_ID.test(given.psuId)) fail('psuId', `"${given.psuId}" is not an id of capitals, digits and dashes (at most 40), such as FRA-TRAINEE-1`);
  tooLong(given.name, 'name');
  tooLong(given.role, 'role');
  const psus = [...dataset.psus, given];
  try {
    return validateDataset({ ...dataset, psus }).psus[psus.length - 1] as Psu;
  } catch (err) {
    return asOwnField(err, `psus[${psus.length - 1}]`);
  }
}

/** The dataset with these customers added (each checked already). */
export const withPsus = (dataset: Dataset, psus: readonly Psu[]): Dataset => (psus.length === 0 ? dataset : { ...dataset, psus: [...dataset.psus, ...psus] });
