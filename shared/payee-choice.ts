// A payee parameter's value (a flow's `"kind": "payee"`): a VoP outcome, which takes the registry's first payee
// with it, or one payee of the registry as `outcome:IBAN` (a payee a trainer added for a lesson, "close match
// with Café Müller"). Read by the flow runner and written by the Flows screen's form alike.

export interface PayeeChoice {
  outcome: string;
  /** The registry payee chosen; absent: the first with the outcome. */
  iban?: string;
}

export function readPayeeChoice(value: string): PayeeChoice {
  const at = value.indexOf(':');
  return at < 0 ? { outcome: value } : { outcome: value.slice(0, at), iban: value.slice(at + 1) };
}

export const payeeChoiceValue = (outcome: string, iban: string): string => `${outcome}:${iban}`;
