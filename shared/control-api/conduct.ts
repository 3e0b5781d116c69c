// The TPPs' conduct (`GET /simulator/v1/conduct`, docs/testing-your-tpp.md#conduct): the spec's rules
// for TPPs checked over the traffic log. The rule ids are fixed: CI steps key on them.
import Type from 'typebox';
import { nullable, oneOf, text } from './build';

export const CONDUCT_RULE_NAMES = [
  'polling-after-final-status',
  'concurrent-status-polling',
  'status-polling-without-reason',
  'duplicate-payment-while-pending',
  'resubmission-after-rejection',
  'temporary-error-treated-as-rejection',
  'retry-before-retry-after',
  'retry-unchanged-after-service-blocked',
  'x-request-id-reused',
  'consent-per-request',
  'signature-on-unsigned-operation',
  'signature-missing-on-signed-operation',
] as const;

export const ConductFinding = Type.Object(
  {
    rule: oneOf([...CONDUCT_RULE_NAMES], 'The rule broken.'),
    severity: oneOf(['error', 'warning']),
    title: text('The rule in plain words, e.g. "Overlapping status reads of one resource".'),
    tppId: nullable(text('The TPP, as the log names it.')),
    institution: nullable(text()),
    text: text('What happened, in words, with the exchanges by their log ids (#12).'),
    exchanges: Type.Array(Type.Integer(), { description: 'The ids of the exchanges that show it (GET /simulator/v1/exchanges/{id}).' }),
    spec: text("The spec's words the rule rests on."),
  },
  { title: 'ConductFinding' },
);

export const ConductReport = Type.Object(
  {
    findings: Type.Array(ConductFinding, { description: 'In the order of their first exchange.' }),
    checked: Type.Record(Type.String(), Type.Integer(), { description: 'Per rule, how many exchanges (or resources) it looked at.' }),
    exchangeCount: Type.Integer({ description: 'How many exchanges of the log were read.' }),
  },
  { title: 'ConductReport' },
);
