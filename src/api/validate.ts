// A small JSON Schema checker for the subset our TypeBox shapes use. It runs in the browser,
// where a full validator would cost more bundle than every shape it checks.
import type { TSchema } from '@sinclair/typebox';

interface Schema {
  type?: string;
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMismatch(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value !== 'string';
    case 'boolean':
      return typeof value !== 'boolean';
    case 'integer':
      return !Number.isInteger(value);
    case 'number':
      return typeof value !== 'number';
    case 'array':
      return !Array.isArray(value);
    case 'object':
      return !isObject(value);
    case 'null':
      return value !== null;
    default:
      throw new Error(`validate: unsupported schema type ${type}`);
  }
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/** Returns why `value` does not fit `schema` (with the path to the offending part), or null if it fits. */
export function mismatch(schema: TSchema, value: unknown, path = '$'): string | null {
  const s = schema as Schema;
  if (s.anyOf) {
    return s.anyOf.some((option) => mismatch(option as TSchema, value, path) === null)
      ? null
      : `${path}: ${JSON.stringify(value)} is none of the allowed values`;
  }
  if (s.const !== undefined && value !== s.const) return `${path}: expected ${JSON.stringify(s.const)}`;
  if (s.type && typeMismatch(s.type, value)) return `${path}: expected ${s.type}, got ${describe(value)}`;
  if (s.minimum !== undefined && typeof value === 'number' && value < s.minimum) {
    return `${path}: expected at least ${s.minimum}`;
  }
  if (Array.isArray(value) && s.items) {
    for (const [index, item] of value.entries()) {
      const problem = mismatch(s.items as TSchema, item, `${path}[${index}]`);
      if (problem) return problem;
    }
  }
  if (isObject(value)) {
    for (const key of s.required ?? []) {
      if (!(key in value)) return `${path}: missing "${key}"`;
    }
    for (const [key, item] of Object.entries(value)) {
      const itemSchema = s.properties?.[key] ?? Object.values(s.patternProperties ?? {})[0] ?? s.additionalProperties;
      if (itemSchema === false) return `${path}: unexpected "${key}"`;
      if (typeof itemSchema === 'object') {
        const problem = mismatch(itemSchema as TSchema, item, `${path}.${key}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}
