import { Dataset } from '../domain/dataset/schema';
import { CONTROL_PREFIX } from './control-operations';

/**
 * `GET /simulator/v1/dataset-schema.json`: the dataset format (main/domain/dataset/schema.ts) as a JSON
 * Schema document of its own, so a trainer's or QA's dataset file can be checked with any JSON Schema tool
 * before the simulator loads it. What no schema can say (references between parts, the spec's rules on
 * institutions, IBAN check digits) the simulator still checks at load.
 */
export function datasetJsonSchema(origin: string): Record<string, unknown> {
  // Through JSON: the published schema is the plain JSON the file's readers see, without TypeBox's own markers.
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${origin}${CONTROL_PREFIX}/dataset-schema.json`,
    ...JSON.parse(JSON.stringify(Dataset)),
  };
}
