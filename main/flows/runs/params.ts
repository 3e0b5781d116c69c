import type { Creditor } from '../../tpp/pain001-creditors';
import type { SignFaults } from '../../tpp/types';

/** The step's parameters once their references are resolved; each accessor says what it wanted. */
export class Params {
  constructor(
    private readonly values: Record<string, unknown>,
    private readonly operation: string,
  ) {}

  text(name: string): string {
    return this.typed(name, 'a string', (v): v is string => typeof v === 'string');
  }

  optionalText(name: string): string | undefined {
    return this.values[name] === undefined ? undefined : this.text(name);
  }

  number(name: string, fallback: number): number {
    return this.values[name] === undefined ? fallback : this.typed(name, 'a number', (v): v is number => typeof v === 'number');
  }

  optionalNumber(name: string): number | undefined {
    return this.values[name] === undefined ? undefined : this.typed(name, 'a number', (v): v is number => typeof v === 'number');
  }

  boolean(name: string, fallback: boolean): boolean {
    return this.values[name] === undefined ? fallback : this.typed(name, 'true or false', (v): v is boolean => typeof v === 'boolean');
  }

  textList(name: string): string[] {
    return this.typed(name, 'a list of strings', (v): v is string[] => Array.isArray(v) && v.every((item) => typeof item === 'string'));
  }

  textMap(name: string): Record<string, string> {
    if (this.values[name] === undefined) return {};
    return this.typed(
      name,
      'an object of strings',
      (v): v is Record<string, string> => typeof v === 'object' && v !== null && Object.values(v).every((item) => typeof item === 'string'),
    );
  }

  /** Checked when the flow was read; references inside may have resolved to anything, so checked again. */
  optionalCreditors(name: string): Creditor[] | undefined {
    if (this.values[name] === undefined) return undefined;
    return this.typed(name, 'a list of {name, iban, amount?} of strings', (v): v is Creditor[] => Array.isArray(v) && v.every(isCreditor));
  }

  /** Every parameter given, as a request body that is the parameters (addFault's). */
  all(): Record<string, unknown> {
    return { ...this.values };
  }

  faults(): { faults: SignFaults } | Record<string, never> {
    const faults = this.values.faults;
    return faults === undefined ? {} : { faults: faults as SignFaults };
  }

  private typed<T>(name: string, wanted: string, is: (value: unknown) => value is T): T {
    const value = this.values[name];
    if (!is(value)) throw new Error(`${this.operation}: parameter ${name} must be ${wanted}, got ${JSON.stringify(value)}`);
    return value;
  }
}

const isCreditor = (value: unknown): value is Creditor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Creditor).name === 'string' &&
  typeof (value as Creditor).iban === 'string' &&
  ['string', 'undefined'].includes(typeof (value as Creditor).amount);
