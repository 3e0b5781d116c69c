// A free step's parameters as typed into the composer, turned into the values the host expects
// for each kind of parameter of the flow library's operations.

/** undefined: left empty (the parameter is not sent). */
export function paramValue(kind: string, text: string): unknown {
  const value = text.trim();
  if (kind === 'boolean') return value === '' ? undefined : value === 'true';
  if (value === '') return undefined;
  switch (kind) {
    case 'number':
      return Number(value);
    case 'textList':
      return list(value);
    case 'object':
      // JSON as the control API takes it (addFault's match and action); text that is not JSON goes as typed, for the bank to refuse in words.
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    case 'faults':
      // The deliberate signing faults by name, each on: `bodyChangedAfterDigest` is { bodyChangedAfterDigest: true }.
      return Object.fromEntries(list(value).map((name) => [name, true]));
    case 'textMap':
      return Object.fromEntries(
        value
          .split(',')
          .map((pair) => pair.split('='))
          .filter((pair) => (pair[0] ?? '').trim() !== '')
          .map(([k = '', ...rest]) => [k.trim(), rest.join('=').trim()]),
      );
    default:
      return value;
  }
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
