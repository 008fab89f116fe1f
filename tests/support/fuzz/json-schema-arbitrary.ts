import fc, { type Arbitrary } from 'fast-check';

/** The part of JSON Schema the OpenAPI document uses (zod's output). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Text that has broken servers before: NUL, lone surrogates, RTL marks, emoji, SQL and paths. */
export const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'a\ud800b',
  '\u202eabc',
  '👩‍👩‍👧‍👦',
  'Ünïcödé 中文 한국어',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\\',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9223372036854775808',
  'null',
  'true',
];

export const nastyString: Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  // Sizes around and past the usual limits (fields of 100, 4,000, 32,000 characters; 1 MiB bodies).
  fc.constantFrom(101, 4_001, 32_001, 1_100_000).map((size) => 'x'.repeat(size)),
);

const numberEdges = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, -0.5, 1e308];

/** A value that satisfies the schema most of the time (bounds, enums, required properties). */
export function validValue(schema: JsonSchema, depth = 0): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) return fc.oneof(...branches.map((branch) => validValue(branch, depth)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), depth);
  const types = [schema.type ?? 'object'].flat();
  return fc.oneof(...types.map((type) => valueOfType(schema, type, depth)));
}

function valueOfType(schema: JsonSchema, type: string, depth: number): Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - 1;
      const inRange = fc.integer({
        min: Math.ceil(min),
        max: Math.max(Math.ceil(min), Math.floor(max)),
      });
      return type === 'integer' ? inRange : fc.oneof(inRange, fc.double({ min, max, noNaN: true }));
    }
    case 'string':
      return stringValue(schema);
    case 'array': {
      if (depth > 3 || !schema.items) return fc.constant([]);
      return fc.array(validValue(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    }
    default: {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        model[name] = validValue(property, depth + 1);
      }
      return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
    }
  }
}

function stringValue(schema: JsonSchema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 30, minLength + 30);
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    default:
      return fc.string({ unit: 'grapheme', minLength, maxLength }).filter(
        // zod's default strings are trimmed by our schemas: keep some non-blank text.
        (text) => minLength === 0 || text.trim().length >= minLength,
      );
  }
}

/** A value that breaks the schema somewhere: a wrong type, nasty text, a deleted or extra key. */
export function invalidValue(schema: JsonSchema): Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  const properties = Object.keys(schema.properties ?? {});
  const options: Arbitrary<unknown>[] = [
    anyJson,
    nastyString,
    fc.constantFrom(...numberEdges),
    fc.constant(null),
    fc.array(anyJson, { maxLength: 3 }),
  ];
  if (properties.length > 0) {
    // One property replaced by something of another shape, the others valid.
    options.push(
      fc
        .tuple(
          validValue(schema),
          fc.constantFrom(...properties),
          fc.oneof(anyJson, nastyString, fc.constantFrom(...numberEdges)),
        )
        .map(([value, key, replacement]) => ({ ...(value as object), [key]: replacement })),
      fc
        .tuple(validValue(schema), nastyString, anyJson)
        .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
    );
  }
  return fc.oneof(...options);
}
