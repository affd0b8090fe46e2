import fc from 'fast-check';

/**
 * Arbitraries for the API fuzz test: values shaped by a route's JSON schema (from the OpenAPI document the
 * app generates out of its zod schemas), mixed with hostile values that a schema check alone does not stop.
 */

/** The parts of JSON Schema that zod's OpenAPI transform emits and the generator understands. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * Stand-ins for numbers JSON.stringify cannot write (beyond a double's range or precision); `toJson` puts the
 * literal into the body text, where the server's JSON parser meets it.
 */
export const RAW_NUMBERS = {
  '\u0001huge-exponent': '1e400',
  '\u0001huge-integer': '123456789012345678901234567890',
  '\u0001negative-zero': '-0',
  '\u0001tiny': '1e-400',
} as const;

/** Single characters that break databases, logs and mail headers when they slip through. */
export const HOSTILE_CHARS = ['\u0000', '\ud800', '\udfff', '\n', '\r', '\u2028', '\u001b', '\ufeff'];

/** Strings that go beyond what a field expects: NUL, lone surrogates, control characters, paths, SQL, size. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  'line one\nline two\r\nSubject: forged',
  '{"level":60,"msg":"forged"}\n',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '\u202e\u2066',
  'x'.repeat(1_000),
  'y'.repeat(100_001),
];

/** Numbers at and beyond the edges of PostgreSQL's integer types and of a double's exact integers. */
export const hostileNumbers = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  1e20,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  ...Object.keys(RAW_NUMBERS),
];

/** Nesting deeper than any request needs. */
const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const hostileValues: unknown[] = [
  ...hostileStrings,
  ...hostileNumbers,
  true,
  false,
  null,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  deep(200),
  Array.from({ length: 2_000 }, (_, i) => i),
];

/** A character of any plane, or now and then one of the hostile ones. */
const char = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_CHARS) },
);

export interface GenContext {
  /** Real ids and e-mails of the world, so that some requests reach past "not found". */
  known: string[];
}

/** Any string: short random text, a known id, a hostile string, or a known id with a hostile character in it. */
export function anyString(ctx: GenContext, maxLength = 40): fc.Arbitrary<string> {
  const known = fc.constantFrom(...ctx.known);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: char, maxLength: Math.min(maxLength, 40) }) },
    { weight: 3, arbitrary: known },
    { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(known, fc.constantFrom(...HOSTILE_CHARS), fc.nat())
        .map(
          ([text, bad, at]) =>
            text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)),
        ),
    },
  );
}

const anyJson = (ctx: GenContext): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 2, arbitrary: anyString(ctx) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileValues) },
  );

/** Values for one schema: mostly of its shape, sometimes anything hostile in its place. */
export function fromSchema(
  schema: JsonSchema | undefined,
  ctx: GenContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, ctx, depth);
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constantFrom(...hostileValues) },
  );
}

function shapedBy(schema: JsonSchema | undefined, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson(ctx);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, ctx, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], ctx, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: anyString(ctx) },
    );
  }
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => shapedBy({ ...schema, type: t }, ctx, depth)));
  switch (type[0]) {
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: anyString(ctx, schema.maxLength ?? 40) },
        {
          weight: 1,
          arbitrary: fc.string({
            unit: char,
            minLength: schema.minLength ?? 0,
            maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 300, 300)),
          }),
        },
        ...(schema.maxLength
          ? [{ weight: 1, arbitrary: fc.constant('z'.repeat(schema.maxLength + 1)) }]
          : []),
      );
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 53));
      const max = Math.min(schema.maximum ?? 2 ** 31, 2 ** 53);
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }) },
        { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
        { weight: 1, arbitrary: fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0) },
      );
    }
    case 'number':
      return fc.oneof(
        { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers) },
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, ctx, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectOf(schema, ctx, depth);
    default:
      return anyJson(ctx);
  }
}

function objectOf(schema: JsonSchema, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fromSchema(s, ctx, depth + 1)])),
    { requiredKeys: [] },
  );
  const withRequired = known.chain((record) =>
    fc
      .record(
        Object.fromEntries(
          [...required]
            .filter((k) => !(k in record))
            .map((k) => [k, fromSchema(properties[k], ctx, depth + 1)]),
        ),
      )
      .map((extra) => ({ ...record, ...extra })),
  );
  const extra = schema.additionalProperties;
  const keyArb = schema.propertyNames
    ? (fromSchema(schema.propertyNames, ctx, depth + 1).filter(
        (k) => typeof k === 'string',
      ) as fc.Arbitrary<string>)
    : anyString(ctx, 20);
  const valueArb = extra && typeof extra === 'object' ? fromSchema(extra, ctx, depth + 1) : anyJson(ctx);
  const additional = fc.dictionary(keyArb, valueArb, { maxKeys: extra === false ? 1 : 4 });
  return fc.oneof(
    { weight: 4, arbitrary: withRequired },
    { weight: 2, arbitrary: fc.tuple(withRequired, additional).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: known },
  );
}

/** JSON text of a value, with the raw-number stand-ins written as the literals they stand for. */
export function toJson(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [marker, literal] of Object.entries(RAW_NUMBERS)) {
    text = text.replaceAll(JSON.stringify(marker), literal);
  }
  return text;
}

/** Bodies that are not a JSON value of any shape, or JSON nested far beyond any parser's patience. */
export const hostileBodyTexts = [
  '',
  '{',
  '{"a":',
  'nul',
  '\u0000',
  '"\\ud800"',
  '[1e400]',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

/** How a path segment or a query value is written into a URL: encoded, raw, or with escapes of its own. */
export function urlPiece(value: unknown): fc.Arbitrary<string> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(encodeURIComponent(safeForEncoding(text))) },
    { weight: 1, arbitrary: fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%', '%zz', '..%2F..', '%2e%2e') },
  );
}

/** encodeURIComponent throws on a lone surrogate (the raw escapes above cover those): replace it. */
function safeForEncoding(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
