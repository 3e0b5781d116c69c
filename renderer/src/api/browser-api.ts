// The workbench API for the browser host, where the page is served by the simulator
// itself: same origin, so relative requests reach the control API, and events come
// from its server-sent event stream.
import { controlClient } from '../../../preload/api/control-client';
import { createEventBatcher } from '../../../preload/api/event-batcher';
import type { WorkbenchApi, WorkbenchEvent } from '../../../preload/api/workbench-api';

/** The SSE stream names each event by its type, so each needs its own listener. */
const EVENT_TYPES: readonly WorkbenchEvent['type'][] = ['exchange', 'consent', 'sca', 'payment', 'clock', 'mode', 'reset'];

type Listener = (events: WorkbenchEvent[]) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;

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
  return stream;
}

export const browserApi: WorkbenchApi = {
  ...controlClient(''),
  async simulatorUrl(): Promise<string> {
    return location.origin;
  },
  subscribe(listener) {
    listeners.add(listener);
    source ??= openStream();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0 || !source) return;
      source.close();
      source = undefined;
      batcher.dispose();
    };
  },
};
