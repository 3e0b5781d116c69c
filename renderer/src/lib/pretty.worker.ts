// Formats large bodies off the UI thread: pretty-printing a megabyte of XML takes long enough to
// freeze the Inspector while it opens an exchange.
import type { BodyKind } from './pretty';
import { prettyBody } from './pretty';

export interface PrettyRequest {
  id: number;
  kind: BodyKind;
  body: string;
}

export interface PrettyResult {
  id: number;
  text: string;
}

self.onmessage = (event: MessageEvent<PrettyRequest>) => {
  const { id, kind, body } = event.data;
  const result: PrettyResult = { id, text: prettyBody(kind, body) };
  self.postMessage(result);
};
