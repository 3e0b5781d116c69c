// How the control API's TypeBox schemas become the published document's JSON Schema
// (main/http/control-openapi.ts): named shapes as components, records as additionalProperties.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { SchemaPublisher } from '../../main/http/control-openapi';

describe('publishing the control API schemas', () => {
  it('makes a titled shape a component, referred to wherever it occurs', () => {
    const publisher = new SchemaPublisher();
    const Money = Type.Object({ amount: Type.String(), currency: Type.String() }, { title: 'Money' });
    const published = publisher.use(Type.Object({ limit: Money, fees: Type.Array(Money) }));
    expect(published.properties).toEqual({
      limit: { $ref: '#/components/schemas/Money' },
      fees: { type: 'array', items: { $ref: '#/components/schemas/Money' } },
    });
    expect(publisher.components.Money).toEqual({
      type: 'object',
      required: ['amount', 'currency'],
      properties: { amount: { type: 'string' }, currency: { type: 'string' } },
    });
  });

  it('writes a record of any names as additionalProperties, as client generators read it', () => {
    expect(new SchemaPublisher().use(Type.Record(Type.String(), Type.Integer()))).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it('refuses two different shapes under one name', () => {
    const publisher = new SchemaPublisher();
    publisher.use(Type.Object({ a: Type.String() }, { title: 'Thing' }));
    expect(() => publisher.use(Type.Object({ b: Type.String() }, { title: 'Thing' }))).toThrow('two different control API shapes are both named Thing');
  });
});
