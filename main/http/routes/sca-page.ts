import type { FastifyInstance, FastifyReply } from 'fastify';
import { BankError } from '../../domain/errors';
import type { Services } from '../../services';
import { SANDBOX_JOURNEY, type ScaJourneyKind } from '../../domain/sca/journey';
import { escapeHtml as escape, scaPage, type ScaPage } from '../sca-page-html';

const WHAT: Record<ScaJourneyKind, string> = {
  consent: 'access to your accounts (consent)',
  'payment-authorisation': 'a payment',
  'signing-basket': 'a signing basket of payments',
};

function send(reply: FastifyReply, status: number, page: ScaPage): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.contentSecurityPolicy)
      // The journey's id is in this page's URL: the TPP it returns to must not see it as a Referer.
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(page.html)
  );
}

/**
 * The bank-hosted SCA page every scaRedirect points at: opening it is single use. The first open's
 * page follows the journey (GET /sca/{id}/status with the key only it was given) and sends the PSU's
 * browser back to the TPP once the PSU has acted in the app.
 */
export function scaPageRoutes(app: FastifyInstance, services: Services): void {
  app.get('/sca/:journeyId', async (request, reply) => {
    const { journeyId } = request.params as { journeyId: string };
    if (journeyId === SANDBOX_JOURNEY) {
      return send(
        reply,
        200,
        scaPage(
          'Sandbox',
          '<h1>The sandbox needs no SCA</h1><p>Sandbox authorisations and baskets answer from static data; nothing is waiting for approval.</p>',
        ),
      );
    }
    let result;
    try {
      result = services.sca.open(journeyId);
    } catch (err) {
      if (!(err instanceof BankError)) throw err;
      return send(reply, 404, scaPage('Unknown SCA link', '<h1>This SCA link is unknown</h1><p>Ask the TPP for a new one.</p>'));
    }
    const {
      journey: { journey, status },
      firstOpen,
      pageKey,
    } = result;
    if (!firstOpen || pageKey === null) {
      return send(
        reply,
        410,
        scaPage(
          'Link already used',
          `<h1>This SCA link has already been used</h1><p>It is single use; the journey is <b>${escape(status)}</b>. Nothing was changed.</p>`,
        ),
      );
    }
    return send(
      reply,
      200,
      scaPage(
        'Continue in your bank app',
        `<h1 id="heading">Continue in your bank's app</h1>
<p>${escape(journey.psuId)}, please approve ${escape(WHAT[journey.kind])} at <b>${escape(journey.institution)}</b> in your mobile banking app.</p>
<p id="progress" role="status" aria-live="polite">Waiting for your decision in the app&hellip;</p>
<p><a id="return" class="return" hidden>Return to the provider now</a></p>
<p class="note">In PSD2 Workbench the Phone screen is the app; automation approves with
<code>POST /simulator/v1/sca/${escape(journey.journeyId)}</code> and <code>{"action":"approve"}</code>.</p>`,
        { journeyId: journey.journeyId, pageKey },
      ),
    );
  });

  app.get('/sca/:journeyId/status', async (request) => {
    const { journeyId } = request.params as { journeyId: string };
    return services.sca.progress(journeyId, (request.query as { key?: unknown }).key);
  });
}
