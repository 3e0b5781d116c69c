import type { FastifyServerOptions } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serialize = (data: unknown) => string;

/**
 * Fastify compiles a serialiser (fast-json-stringify) for every response schema before it listens: the control
 * API's answers were the largest part of a start (docs/benchmarks.md#start-up-part-by-part). Here each
 * one is compiled on its first answer instead, by the compiler and options Fastify uses by default, so every answer
 * keeps its bytes; a schema fast-json-stringify refuses now fails that route's first answer rather than the start.
 */
export const lazySerializers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer: (externalSchemas, serializerOptions) => {
      const compile = SerializerSelector()(externalSchemas, serializerOptions);
      return (route) => {
        let serialize: Serialize | undefined;
        return (data: unknown) => (serialize ??= compile(route))(data);
      };
    },
  },
};
