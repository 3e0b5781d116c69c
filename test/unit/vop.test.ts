// Verification of Payee, the pure core: each payee of the default dataset gives the outcome
// its "demonstrates" note promises, and the result over time follows the spec's RECI rules.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Dataset, Payee } from '../../main/domain/dataset/types';
import { exactForm, isSimilar, looseForm } from '../../main/domain/vop/names';
import type { VopAnswer } from '../../main/domain/vop/verify';
import { payeeAnswer, vopApplies, vopBlocksAuthorisation, vopResultAt, vopSettlesAt } from '../../main/domain/vop/verify';

const dataset = JSON.parse(readFileSync('resources/datasets/default.json', 'utf8')) as Dataset;
const payee = (registeredName: string): Payee => {
  const found = dataset.payees.find((p) => p.registeredName === registeredName);
  if (!found) throw new Error(`no payee ${registeredName} in the default dataset`);
  return found;
};
const outcome = (registeredName: string, creditorName: string) => payeeAnswer(payee(registeredName), creditorName)?.outcome;

describe('the default dataset payees', () => {
  it.each([
    ['Schneider Bürotechnik GmbH', 'Schneider Bürotechnik GmbH', 'match'],
    ['Müller Logistik GmbH', 'Müller Logistik GmbH', 'match'],
    ['Müller Logistik GmbH', 'Mueller Logistik', 'closeMatch'],
    ['Katrin Schäfer', 'Katrin Schäfer', 'match'],
    ['Katrin Schäfer', 'Katrin Schaefer', 'closeMatch'],
    ['Katrin Schäfer', 'Thomas Berger', 'noMatch'],
    ['Transports Girard SARL', 'Transports Girard SARL', 'match'],
    ['Établissements Lefèvre et Fils SA', 'Etablissements Lefevre et Fils', 'closeMatch'],
    ['Imprimerie Chevalier SA', 'Chevalier Conseil', 'noMatch'],
    ['Brouwerij Van den Bossche NV', 'Brouwerij Van den Bossche NV', 'match'],
    ['Vandenberghe Transport BV', 'Van Damme Logistics', 'noMatch'],
    ['Vandenberghe Transport BV', 'Vandenberghe Transport', 'closeMatch'],
    ['Gentse Bouwmaterialen NV', 'Gentse Bouwmaterialen NV', 'serviceUnavailable'],
    ['De Vries Verpakkingen B.V.', 'De Vries Verpakkingen B.V.', 'match'],
    ['Bakker Installatietechniek B.V.', 'Bakker Installatie Techniek', 'closeMatch'],
    ['Stichting Derdengelden Horizon', 'Stichting Derdengelden Horizon', 'notApplicable'],
  ])('%s paid as "%s" is a %s', (registered, given, expected) => {
    expect(outcome(registered, given)).toBe(expected);
  });

  it('never answers for the timeout payee, whatever the name', () => {
    expect(payeeAnswer(payee('Hafenbedarf Hamburg KG'), 'Hafenbedarf Hamburg KG')).toBeUndefined();
  });

  it('gives the registered name with a close match, for the PSU to see', () => {
    expect(payeeAnswer(payee('Müller Logistik GmbH'), 'Mueller Logistik')).toEqual({ outcome: 'closeMatch', registeredName: 'Müller Logistik GmbH' });
  });

  it('answers NOAP for an account the payee PSP does not know', () => {
    expect(payeeAnswer(undefined, 'Anyone')).toMatchObject({ outcome: 'notApplicable' });
  });
});

describe('name forms', () => {
  it('ignore case, punctuation and spacing for a match, keep accents', () => {
    expect(exactForm('  TRANSPORTS   girard, S.A.R.L. ')).toBe(exactForm('Transports Girard SARL'));
    expect(exactForm('De Vries Verpakkingen BV')).toBe(exactForm('De Vries Verpakkingen B.V.'));
    expect(exactForm('Müller')).not.toBe(exactForm('Mueller'));
    expect(outcome('Transports Girard SARL', 'TRANSPORTS GIRARD S.A.R.L.')).toBe('match');
  });

  it('fold accents, transliterations and legal forms for a close match', () => {
    expect(looseForm('Müller Logistik GmbH')).toBe('muellerlogistik');
    expect(looseForm('Mueller Logistik')).toBe('muellerlogistik');
    expect(looseForm('Étab. Lefèvre S.A.')).toBe('etablefevre');
    // NFD input (combining marks) folds the same as NFC.
    expect(looseForm('Sch\u0061\u0308fer')).toBe(looseForm('Schäfer'));
  });

  it('call a typo close and another name not', () => {
    expect(outcome('Schneider Bürotechnik GmbH', 'Schnieder Bürotechnik')).toBe('closeMatch');
    expect(outcome('Schneider Bürotechnik GmbH', 'Schneider')).toBe('noMatch');
    expect(outcome('Schneider Bürotechnik GmbH', 'GmbH')).toBe('noMatch');
  });

  // How fast it is belongs to the bench, not to a test (a timed assertion fails on a busy machine).
  it('is symmetric, and names of very different lengths are never similar', () => {
    expect(isSimilar('abcdef', 'abcdxf', 0.8)).toBe(isSimilar('abcdxf', 'abcdef', 0.8));
    expect(isSimilar('a'.repeat(140), 'b'.repeat(20), 0.85)).toBe(false);
    expect(isSimilar('b'.repeat(20), 'a'.repeat(140), 0.85)).toBe(false);
  });
});

describe('the result over time', () => {
  const requestedAt = new Date('2026-11-22T10:00:00Z');
  const at = (seconds: number) => new Date(requestedAt.getTime() + seconds * 1000);
  const LIMIT = 5_000;
  const match: VopAnswer = { outcome: 'match' };

  it('is RECI until the answer arrives, then the answer', () => {
    const check = { requestedAt, answeredAt: at(2), answer: match };
    expect(vopResultAt(check, at(1), LIMIT)).toMatchObject({ state: 'inProgress', reasonCode: 'RECI' });
    expect(vopResultAt(check, at(2), LIMIT)).toEqual({ state: 'completed', outcome: 'match', reasonCode: null, additionalInfo: null });
  });

  it('becomes the completed NOAP outcome at the time limit when no answer came (rule 2)', () => {
    const check = { requestedAt, answeredAt: undefined, answer: undefined };
    expect(vopResultAt(check, at(4.999), LIMIT).state).toBe('inProgress');
    expect(vopResultAt(check, at(5), LIMIT)).toMatchObject({ state: 'completed', outcome: 'timeout', reasonCode: 'NOAP' });
  });

  it('ignores an answer arriving after the time limit', () => {
    const late = { requestedAt, answeredAt: at(6), answer: match };
    expect(vopResultAt(late, at(7), LIMIT)).toMatchObject({ outcome: 'timeout', reasonCode: 'NOAP' });
  });

  it('maps each answer to its pain.002 reason (spec table)', () => {
    const reason = (answer: VopAnswer) => vopResultAt({ requestedAt, answeredAt: requestedAt, answer }, requestedAt, LIMIT);
    expect(reason({ outcome: 'closeMatch', registeredName: 'Müller Logistik GmbH' })).toMatchObject({
      reasonCode: 'CMTC',
      additionalInfo: 'Müller Logistik GmbH',
    });
    expect(reason({ outcome: 'noMatch' })).toMatchObject({ reasonCode: 'NMTC' });
    expect(reason({ outcome: 'notApplicable', why: 'x' })).toMatchObject({ reasonCode: 'NOAP', additionalInfo: 'VoP not applicable: x' });
    expect(reason({ outcome: 'serviceUnavailable' })).toMatchObject({ reasonCode: 'NOAP', additionalInfo: expect.stringContaining('service unavailable') });
  });

  it('knows when the last result becomes final by itself, if ever', () => {
    const atOnce = { requestedAt, answeredAt: requestedAt, answer: match };
    const never = { requestedAt, answeredAt: undefined, answer: undefined };
    const later = { requestedAt, answeredAt: at(2), answer: match };
    expect(vopSettlesAt([atOnce])).toBeUndefined();
    expect(vopSettlesAt([atOnce, later])).toEqual(at(2));
    expect(vopSettlesAt([later, never], LIMIT)).toEqual(at(5));
    expect(vopSettlesAt([{ requestedAt, answeredAt: at(9), answer: match }], LIMIT)).toEqual(at(5));
  });

  it('blocks authorisation while any result is RECI (rule 5)', () => {
    const pending = vopResultAt({ requestedAt, answeredAt: undefined, answer: undefined }, requestedAt, LIMIT);
    const done = vopResultAt({ requestedAt, answeredAt: requestedAt, answer: match }, requestedAt, LIMIT);
    expect(vopBlocksAuthorisation([done, pending])).toBe(true);
    expect(vopBlocksAuthorisation([done])).toBe(false);
  });
});

describe('where VoP applies', () => {
  it('SEPA credit transfers from institutions in scope only (London is not)', () => {
    const london = dataset.institutions.find((i) => i.id === 'london');
    expect(london?.verificationOfPayee).toBe(false);
    expect(vopApplies('pain.001-sepa-credit-transfers', true)).toBe(true);
    expect(vopApplies('pain.001-sepa-credit-transfers', false)).toBe(false);
    expect(vopApplies('pain.001-internal-transfers', true)).toBe(false);
  });
});
