import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { rawBody } from '../body';
import { headerValue } from '../../domain/headers/require';
import { institutionParam } from '../institution';
import { headersAsSent } from '../signature';

/** The sandbox's signature utilities (spec "Sandbox behaviour" 8): any payload is accepted. */
export function signatureUtilityRoutes(app: FastifyInstance, services: Services): void {
  app.post('/:institution/sandbox/v1/signature', async (request) => {
    const institution = institutionParam(request.params);
    return services.signatures.produce(
      institution,
      { headers: request.headers, body: rawBody(request) },
      headerValue(request.headers, 'bank-headers'),
      headerValue(request.headers, 'bank-request-target'),
    );
  });

  app.post('/:institution/sandbox/v1/signature/validation', async (request) => {
    institutionParam(request.params);
    const diagnosis = services.signatures.validate(
      { headers: headersAsSent(request), body: rawBody(request) },
      headerValue(request.headers, 'bank-headers'),
      headerValue(request.headers, 'bank-request-target'),
    );
    request.signatureDiagnosis = diagnosis;
    return { valid: diagnosis.verdict.valid, ...diagnosis };
  });
}
