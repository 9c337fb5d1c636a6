// A small JSON Schema checker for the subset that shape.ts builds. It runs in the browser,
// where a full validator would cost more bundle than every shape it checks.
import type { Schema as TypedSchema } from './shape';

interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
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
export function mismatch(schema: TypedSchema, value: unknown, path = '$'): string | null {
  const s = schema as Schema;
  if (s.type && typeMismatch(s.type, value)) return `${path}: expected ${s.type}, got ${describe(value)}`;
  if (s.enum && !s.enum.includes(value))
    return `${path}: ${JSON.stringify(value)} is none of ${JSON.stringify(s.enum)}`;
  if (s.minimum !== undefined && typeof value === 'number' && value < s.minimum) {
    return `${path}: expected at least ${s.minimum}`;
  }
  if (Array.isArray(value) && s.items) {
    for (const [index, item] of value.entries()) {
      const problem = mismatch(s.items as TypedSchema, item, `${path}[${index}]`);
      if (problem) return problem;
    }
  }
  if (isObject(value)) {
    for (const key of s.required ?? []) {
      if (!(key in value)) return `${path}: missing "${key}"`;
    }
    for (const [key, item] of Object.entries(value)) {
      const itemSchema = s.properties?.[key] ?? s.additionalProperties;
      if (itemSchema === false) return `${path}: unexpected "${key}"`;
      if (typeof itemSchema === 'object') {
        const problem = mismatch(itemSchema as TypedSchema, item, `${path}.${key}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}
