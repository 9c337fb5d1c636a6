// Minimal typed JSON Schema builders. Each builder returns a plain JSON Schema object (for
// Fastify, ajv and the OpenAPI document) that also carries its TypeScript type, so a record
// shape is written once. A full schema library would cost the browser more than all of this.

declare const typeTag: unique symbol;
const OPTIONAL = Symbol('optional');

export interface Schema<T = unknown> {
  readonly [typeTag]?: T;
  readonly type?: string;
  readonly description?: string;
  readonly [key: string]: unknown;
}
interface OptionalSchema<T> extends Schema<T> {
  readonly [OPTIONAL]: true;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Properties = Record<string, Schema>;
type OptionalKeys<P extends Properties> = { [K in keyof P]: P[K] extends OptionalSchema<unknown> ? K : never }[keyof P];
type ObjectOf<P extends Properties> = Simplify<
  { [K in Exclude<keyof P, OptionalKeys<P>>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }
>;

interface Annotations {
  description?: string;
}

export const string = (annotations: Annotations = {}): Schema<string> => ({ type: 'string', ...annotations });
export const boolean = (): Schema<boolean> => ({ type: 'boolean' });
export const integer = (annotations: Annotations & { minimum?: number } = {}): Schema<number> => ({
  type: 'integer',
  ...annotations,
});
export const oneOf = <L extends string>(values: readonly L[], annotations: Annotations = {}): Schema<L> => ({
  type: 'string',
  enum: values,
  ...annotations,
});
export const array = <T>(items: Schema<T>, annotations: Annotations = {}): Schema<T[]> => ({
  type: 'array',
  items,
  ...annotations,
});
/** An object with any keys, each holding a value of one shape. */
export const record = <T>(values: Schema<T>, annotations: Annotations = {}): Schema<Record<string, T>> => ({
  type: 'object',
  additionalProperties: values,
  ...annotations,
});
export const optional = <T>(schema: Schema<T>): OptionalSchema<T> => ({ ...schema, [OPTIONAL]: true });

/** An object with the given properties; unknown properties are allowed unless `closed`. */
export function object<P extends Properties>(
  properties: P,
  { closed = false, ...annotations }: Annotations & { closed?: boolean } = {},
): Schema<ObjectOf<P>> {
  const required = Object.keys(properties).filter((key) => !(OPTIONAL in properties[key]!));
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
    ...annotations,
  };
}
