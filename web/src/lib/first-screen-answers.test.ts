import * as contracts from '@stockai/contracts';
import { describe, expect, it } from 'vitest';
import { registry, toJSONSchema, type ZodType } from 'zod';
import * as firstScreen from './first-screen-answers';

/** The part of a JSON Schema the contracts' answers use. */
interface Schema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}

/** The contract's JSON Schema, every part inline (an empty registry leaves out the API description's names). */
const jsonSchemaOf = (schema: ZodType) => toJSONSchema(schema, { io: 'output', reused: 'inline', metadata: registry() }) as Schema;

/** An answer the schema accepts. */
function sample(schema: Schema): unknown {
  if (schema.anyOf) return sample(schema.anyOf.find((branch) => branch.type !== 'null') ?? schema.anyOf[0]!);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, part]) => [key, sample(part)]));
    case 'array':
      return [sample(schema.items ?? {})];
    case 'string':
      return 'x'.repeat(Math.max(schema.minLength ?? 0, 3));
    case 'integer':
      return 7;
    case 'number':
      return 7.5;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** Values of every kind a part of an answer could wrongly (or rightly) hold. */
const PROBES: unknown[] = [null, '', 'x', 'text', 0, 1, -1, 1.5, 2 ** 53, true, false, [], {}];

/** `value` (a sample of `schema`) altered in one place at a time: each part replaced by each probe or removed. */
function* alterations(schema: Schema, value: unknown): Generator<unknown> {
  yield* PROBES;
  for (const choice of [schema, ...(schema.anyOf ?? [])]) yield* choice.enum ?? [];
  yield `${String(value)}-other`;
  const shape = schema.anyOf?.find((branch) => branch.type !== 'null') ?? schema;
  if (shape.type === 'object' && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, part] of Object.entries(shape.properties ?? {})) {
      const { [key]: removed, ...without } = record;
      yield without;
      for (const altered of alterations(part, removed)) yield { ...record, [key]: altered };
    }
    yield { ...record, unexpected: 'kept?' };
  }
  if (shape.type === 'array' && Array.isArray(value)) {
    yield [...value, ...value];
    for (const altered of alterations(shape.items ?? {}, value[0])) yield [altered];
  }
}

describe('the first screen answers', () => {
  it.each(['verifyResponse', 'creditsResponse', 'stockListResponse', 'notificationsResponse'] as const)(
    '%s accepts and returns exactly what its contract does',
    (name) => {
      const contract: ZodType = contracts[name];
      const copy = firstScreen[name];
      const schema = jsonSchemaOf(contract);
      const valid = sample(schema);
      expect(contract.safeParse(valid).success).toBe(true);
      let refused = 0;
      for (const answer of [valid, ...alterations(schema, valid)]) {
        const expected = contract.safeParse(answer);
        const actual = copy.safeParse(answer);
        expect({ answer, accepted: actual.success }).toEqual({ answer, accepted: expected.success });
        if (expected.success && actual.success) expect(actual.data).toEqual(expected.data);
        if (!expected.success) refused++;
      }
      // The alterations did reach the parts that can be wrong.
      expect(refused).toBeGreaterThan(10);
    },
  );
});
