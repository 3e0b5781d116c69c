// `serve --faults FILE.json`: fault rules set at start, each held to the same schema as
// POST /simulator/v1/faults (shared/control-api/faults.ts), so a file says what the API would.
import { readFileSync } from 'node:fs';
import { FaultRuleInput } from '../../shared/control-api';
import { controlValidatorCompiler } from './control-validation';
import { validationText, type SchemaFailure } from '../../shared/control-api/validation-text';

export class FaultFileError extends Error {}

/** The file's rules (a JSON array, or one rule), each checked; the first that is not one is named. */
export function readFaultFile(file: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new FaultFileError(`--faults ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new FaultFileError(`--faults ${file} is not JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const rules = Array.isArray(parsed) ? parsed : [parsed];
  const check = controlValidatorCompiler({ schema: FaultRuleInput, httpPart: 'body', method: 'POST', url: '/simulator/v1/faults' }) as (value: unknown) => {
    error?: SchemaFailure[];
  };
  rules.forEach((rule, i) => {
    const { error } = check(rule);
    if (error !== undefined) throw new FaultFileError(`--faults ${file}: rule ${i + 1}: ${validationText('body', error).replace(/^the body/, 'the rule')}`);
  });
  return rules;
}
