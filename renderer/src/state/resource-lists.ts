// Which of the bank's lists a batch of host events can have changed, so a batch re-fetches
// those and no others.
import type { ScaJourney, WorkbenchEvent } from '../../../preload/api/workbench-api';

type ScaKind = ScaJourney['kind'];

export type ResourceList = 'journeys' | 'consents' | 'payments' | 'baskets';

export const ALL_LISTS: readonly ResourceList[] = ['journeys', 'consents', 'payments', 'baskets'];

/** What an SCA decision changes besides the journey: the resource it authorises (a basket, its payments too). */
const DECIDED: Record<ScaKind, readonly ResourceList[]> = {
  consent: ['consents'],
  'payment-authorisation': ['payments'],
  'signing-basket': ['baskets', 'payments'],
};

/** What a PSU's approval or rejection changes: the journey and what it authorises. */
export function listsDecidedBy(kind: ScaKind): ResourceList[] {
  return ['journeys', ...DECIDED[kind]];
}

function touchedBy(event: WorkbenchEvent): readonly ResourceList[] {
  switch (event.type) {
    // Exchanges never change a resource on their own: the state change that follows has its own event;
    // the operator's settings (rate limit, service blocks) and flow runs are not among these lists.
    case 'exchange':
    case 'operator-settings':
    case 'flow-run':
      return [];
    case 'consent':
      return ['consents'];
    case 'payment':
      return ['payments'];
    case 'sca':
      // Starting or opening a journey changes only the journey; an authorisation counts once decided.
      return event.status === 'started' || event.status === 'opened' ? ['journeys'] : listsDecidedBy(event.kind);
    // Time expires consents, payments and journeys; the behaviour and a reset change what exists at all.
    case 'clock':
    case 'mode':
    case 'reset':
      return ALL_LISTS;
  }
}

export function listsTouchedBy(events: readonly WorkbenchEvent[]): Set<ResourceList> {
  return new Set(events.flatMap(touchedBy));
}
