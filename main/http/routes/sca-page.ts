import type { FastifyInstance } from 'fastify';
import { BankError } from '../../domain/errors';
import type { Services } from '../../services';
import type { ScaJourneyKind } from '../../domain/sca/journey';
import { SANDBOX_JOURNEY } from '../../services/payment-initiation';

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const WHAT: Record<ScaJourneyKind, string> = {
  consent: 'access to your accounts (consent)',
  'payment-authorisation': 'a payment',
  'signing-basket': 'a signing basket of payments',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1b2430}
h1{font-size:1.4rem}code{background:#eef1f5;padding:.1rem .3rem;border-radius:3px}.note{color:#5b6675}</style></head>
<body>${body}</body></html>`;
}

/** The bank-hosted SCA page every scaRedirect points at: opening it is single use. */
export function scaPageRoutes(app: FastifyInstance, services: Services): void {
  app.get('/sca/:journeyId', async (request, reply) => {
    const { journeyId } = request.params as { journeyId: string };
    if (journeyId === SANDBOX_JOURNEY) {
      return reply.type('text/html').send(page('Sandbox', '<h1>The sandbox needs no SCA</h1><p>Sandbox authorisations and baskets answer from static data; nothing is waiting for approval.</p>'));
    }
    let result;
    try {
      result = services.sca.open(journeyId);
    } catch (err) {
      if (!(err instanceof BankError)) throw err;
      return reply.code(404).type('text/html').send(page('Unknown SCA link', '<h1>This SCA link is unknown</h1><p>Ask the TPP for a new one.</p>'));
    }
    const { journey: { journey, status }, firstOpen } = result;
    if (!firstOpen) {
      return reply
        .code(410)
        .type('text/html')
        .send(page('Link already used', `<h1>This SCA link has already been used</h1><p>It is single use; the journey is <b>${escape(status)}</b>. Nothing was changed.</p>`));
    }
    return reply.type('text/html').send(
      page(
        'Continue in your bank app',
        `<h1>Continue in your bank's app</h1>
<p>${escape(journey.psuId)}, please approve ${escape(WHAT[journey.kind])} at <b>${escape(journey.institution)}</b> in your mobile banking app.</p>
<p class="note">In PSD2 Workbench the Phone screen is the app; automation approves with
<code>POST /simulator/v1/sca/${escape(journey.journeyId)}</code> and <code>{"action":"approve"}</code>.</p>`,
      ),
    );
  });
}
