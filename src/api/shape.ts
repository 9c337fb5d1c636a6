// Minimal JSON Schema builders. A record shape is written once with these: the browser
// validates responses against it, the reference service declares it on its routes, and the
// OpenAPI document carries it, from which the TypeScript types are generated
// (src/api/generated/). A schema library would cost the browser more than all of this.

const OPTIONAL = Symbol('optional');

export interface Schema {
  readonly type?: string;
  readonly description?: string;
  readonly [key: string]: unknown;
}

interface Annotations {
  description?: string;
}

export const string = (annotations: Annotations = {}): Schema => ({ type: 'string', ...annotations });
export const boolean = (annotations: Annotations = {}): Schema => ({ type: 'boolean', ...annotations });
export const integer = (annotations: Annotations & { minimum?: number } = {}): Schema => ({
  type: 'integer',
  ...annotations,
});
export const oneOf = (values: readonly string[], annotations: Annotations = {}): Schema => ({
  type: 'string',
  enum: values,
  ...annotations,
});
export const array = (items: Schema, annotations: Annotations = {}): Schema => ({
  type: 'array',
  items,
  ...annotations,
});
/** An object with any keys, each holding a value of one shape. */
export const record = (values: Schema, annotations: Annotations = {}): Schema => ({
  type: 'object',
  additionalProperties: values,
  ...annotations,
});
/** Marks a property of `object` as optional (a symbol key: JSON and validators ignore it). */
export const optional = (schema: Schema): Schema => ({ ...schema, [OPTIONAL]: true });

/** An object with the given properties; unknown properties are allowed unless `closed`. */
export function object(
  properties: Record<string, Schema>,
  { closed = false, ...annotations }: Annotations & { closed?: boolean } = {},
): Schema {
  const required = Object.keys(properties).filter((key) => !(OPTIONAL in properties[key]!));
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
    ...annotations,
  };
}
