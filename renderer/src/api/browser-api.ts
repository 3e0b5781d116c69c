// The workbench API for the browser host, where the page is served by the simulator
// itself: same origin, so relative requests reach the control API, and events come
// from its server-sent event stream.
import { controlClient } from '../../../shared/control-client';
import { createEventBatcher } from '../../../shared/event-batcher';
import type { WorkbenchApi, WorkbenchEvent } from '../../../preload/api/workbench-api';

/** The SSE stream names each event by its type, so each needs its own listener. */
const EVENT_TYPES = Object.keys({
  exchange: true,
  consent: true,
  sca: true,
  payment: true,
  clock: true,
  mode: true,
  reset: true,
  'operator-settings': true,
  'flow-run': true,
} satisfies Record<WorkbenchEvent['type'], true>) as WorkbenchEvent['type'][];

type Listener = (events: WorkbenchEvent[]) => void;

const listeners = new Set<Listener>();
/** Told when the stream came back after it dropped: whatever happened meanwhile came as no event. */
const missedListeners = new Set<() => void>();
let source: EventSource | undefined;
/** How long the first screen waits for the event stream before showing anyway. */
const STREAM_WAIT_MS = 5_000;

const batcher = createEventBatcher<WorkbenchEvent>((events) => {
  for (const listener of listeners) listener(events);
});

function openStream(): EventSource {
  const stream = new EventSource('/simulator/v1/events');
  const onEvent = (message: MessageEvent<string>): void => {
    try {
      batcher.push(JSON.parse(message.data) as WorkbenchEvent);
    } catch {
      // A malformed event is the host's bug; dropping it keeps the stream alive.
    }
  };
  for (const type of EVENT_TYPES) stream.addEventListener(type, onEvent);
  // EventSource reconnects by itself (after the `retry` the simulator sends); the events of the gap are lost.
  let dropped = false;
  stream.addEventListener('error', () => {
    dropped = true;
  });
  stream.addEventListener('open', () => {
    if (!dropped) return;
    dropped = false;
    for (const listener of missedListeners) listener();
  });
  return stream;
}

/**
 * Beyond loopback the host prints the UI's address with `#token=...`: trade it for the control
 * cookie before anything else is asked, and take it out of the address bar and history.
 */
async function establishSession(): Promise<void> {
  const hash = new URLSearchParams(location.hash.slice(1));
  const phone = hash.get('phone');
  if (phone) return establishPhoneSession(phone);
  const token = hash.get('token');
  if (!token) return;
  history.replaceState(null, '', location.pathname + location.search);
  const res = await fetch('/simulator/v1/session', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`the control token in the address was refused (${res.status}); copy the address the simulator printed at start`);
}

const PHONE_PAGE = 'phone-link';

/**
 * A class's phone opened "Approve on your own phone" (`#phone=...`): the link's token becomes a cookie that
 * reaches its customer's approvals only, and this page stays the phone's for its life (a reload too).
 */
async function establishPhoneSession(token: string): Promise<void> {
  sessionStorage.setItem(PHONE_PAGE, 'yes');
  history.replaceState(null, '', location.pathname + location.search);
  const res = await fetch('/simulator/v1/phone-session', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`this phone link no longer opens anything (${res.status}): scan the code the trainer shows now`);
}

/** True on a page a phone link opened: it shows that customer's bank app alone. */
export const isPhoneLinkPage = (): boolean => sessionStorage.getItem(PHONE_PAGE) === 'yes';

const session = establishSession();

/**
 * Opens the event stream for the page's life and resolves once it is live: the screens load after that, so
 * no change made while they load can fall between their first read and the stream (the Inspector showed
 * "2 of 3" when the first exchange came before the stream was open). Resolves anyway when the stream
 * cannot open, so the page still shows why.
 */
export function openEvents(): Promise<void> {
  return session.then(
    () =>
      new Promise<void>((resolve) => {
        source ??= openStream();
        source.addEventListener('open', () => resolve(), { once: true });
        source.addEventListener('error', () => resolve(), { once: true });
        setTimeout(resolve, STREAM_WAIT_MS);
      }),
    () => undefined,
  );
}

export const browserApi: WorkbenchApi = {
  ...controlClient('', session),
  async simulatorUrl(): Promise<string> {
    return location.origin;
  },
  subscribe(listener, missed) {
    listeners.add(listener);
    if (missed) missedListeners.add(missed);
    return () => {
      listeners.delete(listener);
      if (missed) missedListeners.delete(missed);
    };
  },
};
