// A phone link's reach on the control API: one customer's SCA decisions, their journeys and what those
// approve, told by the route the router matched (never by the path as spelled, local-safety.ts) and the
// journey's owner. Everything else is refused, whoever the simulator is reachable by.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';
import { bearerToken } from '../domain/headers/bearer';
import type { PhoneLinkGrant, PhoneLinks } from '../services/phone-links/phone-links';
import type { Services } from '../services';
import type { SimulatorEvent } from '../services/events';
import type { Paged } from '../services/list-page';
import { cookieValue } from './control-access';
import { CONTROL_PREFIX } from './control-operations';

export const PHONE_COOKIE = 'psd2wb_phone';

/** The routes a phone link reaches, as registered; lists among them answer only the customer's own rows. */
const PHONE_ROUTES: ReadonlySet<string> = new Set(
  [
    'POST /phone-session',
    'GET /psus',
    'GET /sca',
    'GET /sca/:journeyId',
    'POST /sca/:journeyId',
    'GET /consents',
    'GET /payments',
    'GET /baskets',
    'GET /events',
  ].map((route) => route.replace(' /', ` ${CONTROL_PREFIX}/`)),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request comes with a phone link (and not the control token): what it may reach. */
    phone: PhoneLinkGrant | null;
  }
}

/**
 * The phone link a request comes with: its cookie (the page traded the link's token for it), or the token as
 * a bearer when it is a link's. Undefined: none. A phone cookie whose link ended is refused: New class ended it.
 */
export function phoneLinkOf(request: FastifyRequest, links: PhoneLinks): PhoneLinkGrant | undefined {
  const cookie = cookieValue(request.headers.cookie, PHONE_COOKIE);
  if (cookie !== undefined) {
    const link = links.holder(cookie);
    if (link === undefined)
      throw BankError.of('TOKEN_INVALID', 'this phone link has ended (New class ends every link, removing a customer ends theirs): scan the code shown now');
    return link;
  }
  const bearer = bearerToken(request.headers.authorization);
  return bearer === undefined ? undefined : links.holder(bearer);
}

/** Refuses what a phone link does not reach: another route, or another customer's journey (as if it did not exist). */
export function checkPhoneReach(request: FastifyRequest, link: PhoneLinkGrant, services: Services): void {
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (!PHONE_ROUTES.has(route)) {
    throw BankError.of(
      'TOKEN_INVALID',
      `this phone link opens ${link.psuName}'s approvals only, not ${request.method} ${request.routeOptions.url ?? request.url}`,
      403,
    );
  }
  const { journeyId } = request.params as { journeyId?: string };
  if (journeyId !== undefined && services.sca.get(journeyId).journey.psuId !== link.psuId) {
    throw BankError.of('RESOURCE_UNKNOWN', `SCA journey ${journeyId} does not exist`);
  }
}

/** The journeys a request may read: a phone link's only its customer's. */
export function ownJourneys<T extends { journey: { psuId: string } }>(request: FastifyRequest, journeys: readonly T[]): T[] {
  const { phone } = request;
  return phone === null ? [...journeys] : journeys.filter((j) => j.journey.psuId === phone.psuId);
}

/**
 * The resources a request may read, of a page of them: a phone link's only those its customer's journeys
 * approve (a payment another customer created and this one approves too), and a basket's payments, which its
 * card lists. The count is of the rows left.
 */
export function ownResources<T>(request: FastifyRequest, services: Services, page: Paged<T>, idOf: (item: T) => string): Paged<T> {
  const { phone } = request;
  if (phone === null) return page;
  const ids = new Set(ownJourneys(request, services.sca.list()).map((j) => j.journey.resourceId));
  for (const basket of services.operator.baskets().items) if (ids.has(basket.basketId)) for (const id of basket.paymentIds) ids.add(id);
  const items = page.items.filter((item) => ids.has(idOf(item)));
  return { items, total: items.length };
}

/** The browser's phone page trades the link's token for a cookie its event stream carries too. */
export function grantPhoneCookie(request: FastifyRequest, reply: FastifyReply): void {
  const token = bearerToken(request.headers.authorization);
  if (request.phone === null || token === undefined)
    throw BankError.of('TOKEN_INVALID', 'send the phone link as Authorization: Bearer <the token in the link>');
  reply.header('set-cookie', `${PHONE_COOKIE}=${token}; Path=${CONTROL_PREFIX}; HttpOnly; SameSite=Strict`);
}

/** The events a phone's page is told: its customer's journeys, and the clock, behaviour and resets every screen follows. */
export function phoneSees(event: SimulatorEvent, psuId: string): boolean {
  switch (event.type) {
    case 'sca':
      return event.psuId === psuId;
    case 'clock':
    case 'mode':
    case 'reset':
      return true;
    default:
      return false;
  }
}
