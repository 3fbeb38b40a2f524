import { z } from 'zod';
import { DECIMAL_PATTERN, EMAIL_PATTERN, ISO_DATE_PATTERN, SLUG_PATTERN } from '@rollbook/contract';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** A value for each pattern the contract uses, so a sample passes the pattern check. */
const PATTERN_SAMPLES = new Map<string, string>([
  [SLUG_PATTERN.source, 'no-such-slug-1'],
  [EMAIL_PATTERN.source, 'someone@example.test'],
  [DECIMAL_PATTERN.source, '23.0225'],
  [ISO_DATE_PATTERN.source, '2026-11-02'],
]);

function sampleOf(schema: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  if (schema.$ref) return sampleOf(defs[schema.$ref.split('/').pop() ?? ''] ?? {}, defs);
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleOf(options.find((o) => o.type !== 'null') ?? options[0] ?? {}, defs);
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], defs);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sampleOf(value, defs);
      if (typeof schema.additionalProperties === 'object' && !schema.properties) {
        out['sample-key'] = sampleOf(schema.additionalProperties, defs);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, defs),
      );
    case 'string': {
      const known = schema.pattern ? PATTERN_SAMPLES.get(schema.pattern) : undefined;
      return known ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/**
 * A plausible value for a contract schema (strings matching its patterns, numbers in range, one
 * item per list), for walking every field of every body in fuzz tests. It need not name anything
 * that exists; it only has to get past the schema's own checks.
 */
export function sampleInput(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sampleOf(json, json.$defs ?? {});
}

/** Every string in a value, by path (object keys and array indexes), for replacing one at a time. */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  }
  return [];
}

/** A deep copy of `value` with the string at `path` replaced by `replace(old)`. */
export function withString(
  value: unknown,
  path: (string | number)[],
  replace: (old: string) => string,
): unknown {
  if (path.length === 0) return typeof value === 'string' ? replace(value) : value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withString(v, rest, replace) : v));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: withString(record[head!], rest, replace) };
}
