import Type from 'typebox';
import * as S from '../../../shared/control-api';
import { okAnswer, type ControlPaths } from './operation';

const JOURNEY = { journeyId: 'A journey id (the last segment of the SCA link)' };

/** The PSU in the bank's app: SCA journeys and their decisions, a consent's revocation. */
export const PSU_APP_OPERATIONS: ControlPaths = {
  '/consents/{consentId}/revoke': {
    post: {
      operationId: 'revokeConsent',
      tag: 'psu',
      summary: "The PSU revokes a valid consent in the bank's app (revokedByPsu)",
      params: { consentId: 'A consent id' },
      answers: okAnswer(S.ConsentSummary),
      errors: [404, 409],
    },
  },
  '/sca': {
    get: {
      operationId: 'listJourneys',
      tag: 'psu',
      summary: 'SCA journeys',
      query: { status: { description: 'Only journeys in this status', schema: S.JourneyStatus } },
      answers: okAnswer(Type.Array(S.ScaJourney)),
      errors: [400],
    },
  },
  '/sca/{journeyId}': {
    get: {
      operationId: 'getJourney',
      tag: 'psu',
      summary: 'One SCA journey, with its status now',
      params: JOURNEY,
      answers: okAnswer(S.ScaJourney),
      errors: [404],
    },
    post: {
      operationId: 'actOnJourney',
      tag: 'psu',
      summary: "The PSU approves or rejects in the bank's app (409 unless the link was opened)",
      params: JOURNEY,
      body: { schema: S.JourneyAction },
      answers: okAnswer(S.ScaJourney),
      errors: [400, 404, 409],
    },
  },
  '/sca/{journeyId}/decision': {
    get: {
      operationId: 'getJourneyDecision',
      tag: 'psu',
      summary:
        "The exchange in which the PSU decided the journey (the bank's app's POST, as answered, with its simulated time); 404 while it was not decided by the PSU",
      params: JOURNEY,
      answers: okAnswer(S.DecisionExchange),
      errors: [404],
    },
  },
};
