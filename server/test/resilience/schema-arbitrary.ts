import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a route's zod schema, by way of `z.toJSONSchema` (no maintained
 * library turns zod 4 into fast-check): values of the shapes the contracts use (objects, strings
 * with a format, a pattern or an enum, bounded numbers, arrays, unions, nullables), and hostile
 * values to put anywhere in them.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = z.core.JSONSchema.JSONSchema;
type SchemaNode = z.core.JSONSchema._JSONSchema;

/** The JSON Schema of what a route accepts (its input side: defaults optional, transforms before). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

const DAY_MS = 86_400_000;
/** Dates the API accepts lie in 1900–2099 (docs/api-conventions.md); these stay well inside. */
const day = fc
  .integer({ min: Date.UTC(1990, 0, 1) / DAY_MS, max: Date.UTC(2060, 0, 1) / DAY_MS })
  .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms).toISOString());
const word = fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/);
const email = fc.tuple(word, fc.constantFrom('example.com', 'example.org')).map(([local, domain]) => `${local}@${domain}`);
const text = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,'-]{0,30}[A-Za-z0-9]$/);

/**
 * Strings a field's name says more about than its schema (addresses are checked by a refinement
 * JSON Schema cannot carry). Mail hosts name the reserved `.invalid` domain: resolving it fails at
 * once, so a mail-server test never waits on a real server.
 */
function stringByName(name: string): fc.Arbitrary<string> | null {
  if (/email/.test(name)) return email;
  if (name === 'host') return word.map((w) => `${w}.invalid`);
  if (/domain/.test(name)) return word.map((w) => `${w}.example.com`);
  if (name === 'time_zone') return fc.constantFrom('Europe/London', 'UTC', 'Pacific/Kiritimati', 'America/New_York');
  if (/url$/.test(name)) return word.map((w) => `https://example.com/${w}`);
  if (name === 'filter_str') return fc.constant('[]');
  return null;
}

function stringArb(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const named = stringByName(name);
  if (named) return named;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return day;
    case 'date-time':
      return instant;
    case 'email':
      return email;
    case 'uri':
    case 'url':
      return word.map((w) => `https://example.com/${w}`);
    default:
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 40);
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: plain text below, which the server may refuse.
    }
  }
  return text.map((s) => s.slice(0, max)).filter(fits);
}

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.bigInt({ min: BigInt(Math.ceil(min)), max: BigInt(Math.floor(max)) }).map(Number);
}

/**
 * Values the schema accepts, as far as JSON Schema can say (refinements are the server's to
 * judge). `name` is the property the value is for: it picks addresses, zones and hosts.
 */
export function validArb(node: SchemaNode, name = '', depth = 0): fc.Arbitrary<Json> {
  if (typeof node === 'boolean' || depth > 8) return fc.constant(null);
  const schema = node;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => validArb(s, name, depth + 1)));
  if (schema.allOf?.[0]) return validArb(schema.allOf[0], name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, name);
    case 'integer':
      return integerArb(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const minLength = schema.minItems ?? 0;
      return fc.array(items === undefined ? fc.constant(null) : validArb(items, name, depth + 1), {
        minLength,
        maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3),
      });
    }
    case 'object':
      return objectArb(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

function objectArb(schema: JsonSchema, depth: number): fc.Arbitrary<Json> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const [key, value] of Object.entries(properties)) model[key] = validArb(value, key, depth + 1);
  const fixed = fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) }) as fc.Arbitrary<Record<string, Json>>;
  // A map whose keys are an enum (an import's column mapping): some of those keys.
  const names = typeof schema.propertyNames === 'object' ? schema.propertyNames.enum : undefined;
  if (names && typeof schema.additionalProperties === 'object') {
    const keys = names.filter((n): n is string => typeof n === 'string');
    const extra = fc.dictionary(fc.constantFrom(...keys), validArb(schema.additionalProperties, '', depth + 1), { maxKeys: 4 });
    return fc.tuple(fixed, extra).map(([a, b]) => ({ ...b, ...a }));
  }
  return fixed;
}

/** Text with a marker, so an error that repeats it is found (the checks look for sent strings of 6 or more characters). */
const MARKER = 'zqrs';
const marked = (arb: fc.Arbitrary<string>) => arb.map((s) => `${MARKER}${s}${MARKER}`);

/** Any UTF-16 code unit, lone surrogate halves and NUL included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Strings a client should never get past validation with, and ones that test what lies behind it. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    `${MARKER}\u0000nul`,
    '\ud800',
    `${MARKER}\udfff${MARKER}`,
    '\u202eevil\u202c',
    '\u200b',
    'ｆｕｌｌｗｉｄｔｈ',
    '🙂'.repeat(300),
    'é'.normalize('NFD').repeat(50),
    `${MARKER}'; drop table customer; --`,
    `${MARKER}{{ 7 * 7 }}{% raw %}`,
    `${MARKER}<script>alert(1)</script>`,
    `${MARKER}../../../../etc/passwd`,
    '%00',
    '0000-00-00',
    '2024-02-30',
    '1899-12-31',
    '2100-01-01',
    '2024-01-01T25:61:00Z',
    '275760-09-13T00:00:00.001Z',
    'NaN',
    '-0',
    '1e999',
    '__proto__',
    'constructor',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  marked(fc.string({ unit: anyCodeUnit, maxLength: 40 })),
  marked(fc.string({ unit: 'grapheme', maxLength: 40 })),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => `${MARKER}${'x'.repeat(n)}`),
  fc.uuid({ version: 4 }),
);

/** Numbers at and past every edge: negative, fractional, past 2^53 and 2^63, the largest doubles. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 0.5, -0.5, 1e-300, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2),
  fc.constantFrom(2 ** 63, 2 ** 64, -(2 ** 63), 1e308, -1e308, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any JSON type, edges first: what a field of another type must refuse. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom<Json>(null, true, false, [], {}, [null], { [MARKER]: MARKER }, [[[[[]]]]]),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Object keys that mean something to JavaScript or to a parser. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', '\u0000', 'hasOwnProperty', 'toString', 'valueOf', '$where', 'a.b', 'a[0]', '🙂'),
  marked(fc.string({ maxLength: 20 })),
);

/** Where in a JSON value a mutation lands: a path of keys and indexes, the root being []. */
type JsonPath = (string | number)[];

function pathsOf(value: Json, prefix: JsonPath = [], into: JsonPath[] = []): JsonPath[] {
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], into));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], into);
  return into;
}

function replaceAt(value: Json, path: JsonPath, replacement: (old: Json) => Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement(value);
  if (Array.isArray(value) && typeof head === 'number') return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof head === 'string') {
    const copy: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) ownKey(copy, k, k === head ? replaceAt(v, rest, replacement) : v);
    return copy;
  }
  return value;
}

function withKey(value: Json, key: string, extra: Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, Json> = { ...value };
  ownKey(copy, key, extra);
  return copy;
}

/** Set `key` as an own, enumerable property: `copy.__proto__ = x` would set the prototype instead, and never reach the wire. */
function ownKey(copy: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A body as it goes on the wire: a JSON value the client serialises, or text or bytes sent as they are. */
export type WireBody =
  | { kind: 'none' }
  | { kind: 'json'; value: Json }
  | { kind: 'raw'; text: string; contentType: string; label: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string; label: string };

/** Text no JSON serialiser writes: nesting past any recursion limit, repeated and prototype keys, broken syntax. */
const rawBodies: fc.Arbitrary<WireBody> = fc.oneof(
  fc.integer({ min: 1_000, max: 100_000 }).map((n): WireBody => ({ kind: 'raw', text: `${'['.repeat(n)}${']'.repeat(n)}`, contentType: 'application/json', label: `${n} nested arrays` })),
  fc.integer({ min: 1_000, max: 50_000 }).map((n): WireBody => ({ kind: 'raw', text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, contentType: 'application/json', label: `${n} nested objects` })),
  fc.constantFrom<WireBody>(
    { kind: 'raw', text: '{"__proto__":{"zqrsPolluted":true}}', contentType: 'application/json', label: '__proto__ key' },
    { kind: 'raw', text: '{"constructor":{"prototype":{"zqrsPolluted":true}}}', contentType: 'application/json', label: 'constructor.prototype key' },
    { kind: 'raw', text: '{"name":"a","name":"b"}', contentType: 'application/json', label: 'repeated key' },
    { kind: 'raw', text: '{', contentType: 'application/json', label: 'truncated JSON' },
    { kind: 'raw', text: '', contentType: 'application/json', label: 'empty body' },
    { kind: 'raw', text: '\ufeff{}', contentType: 'application/json', label: 'byte-order mark' },
    { kind: 'raw', text: "{'a':1}", contentType: 'application/json', label: 'single quotes' },
    { kind: 'raw', text: '{"a":1}', contentType: 'text/plain', label: 'text/plain' },
    { kind: 'raw', text: '{"a":1}', contentType: 'application/json; charset=latin1', label: 'latin1 charset' },
    { kind: 'raw', text: 'a,b\n1,2\n', contentType: 'text/csv', label: 'CSV' },
    { kind: 'raw', text: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json', label: 'body past 1 MiB' },
    { kind: 'bytes', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json', label: 'invalid UTF-8' },
    { kind: 'bytes', bytes: new Uint8Array([0x22, 0xc0, 0xae, 0x22]), contentType: 'application/json', label: 'overlong UTF-8' },
  ),
);

/**
 * Bodies for a route: mostly a valid value with one thing wrong (a value of another type or an
 * edge put anywhere in it, an unknown or prototype key added to any object in it), sometimes
 * valid as it is, another type altogether, or text no serialiser writes. `valid` gives the
 * valid values to start from: `validArb` of the route's schema, or a known-good example.
 */
export function hostileBody(valid: fc.Arbitrary<Json>): fc.Arbitrary<WireBody> {
  const json = (value: Json): WireBody => ({ kind: 'json', value });
  const replaced = fc.tuple(valid, fc.nat(), hostileValue).map(([value, n, hostile]) => {
    const paths = pathsOf(value);
    return json(replaceAt(value, paths[n % paths.length] ?? [], () => hostile));
  });
  const keyed = fc.tuple(valid, fc.nat(), hostileKey, hostileValue).map(([value, n, key, extra]) => {
    const objects = pathsOf(value).filter((p) => isObject(nodeAt(value, p)));
    const path = objects[n % Math.max(objects.length, 1)] ?? [];
    return json(replaceAt(value, path, (old) => withKey(old, key, extra)));
  });
  return fc.oneof(
    { arbitrary: replaced, weight: 5 },
    { arbitrary: keyed, weight: 3 },
    { arbitrary: valid.map(json), weight: 2 },
    { arbitrary: hostileValue.map(json), weight: 1 },
    { arbitrary: rawBodies, weight: 2 },
  );
}

function nodeAt(value: Json, path: JsonPath): Json | undefined {
  let node: Json | undefined = value;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isObject(node) && typeof step === 'string') node = node[step];
    else return undefined;
  }
  return node;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One query parameter as sent: its name and its text, or text already percent-encoded (`raw`). */
export interface QueryPart {
  name: string;
  value: string;
  raw?: boolean;
}

/** Text for a query value or a path segment from any JSON value. */
export const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Percent-escapes that decode to nothing sensible: bad hex, a lone `%`, overlong and surrogate UTF-8, NUL. */
export const brokenEscapes = fc.constantFrom('%', '%zz', '%0', '%00', '%C0%AE', '%ED%A0%80', '%FF%FE', '%E2%82', '%2e%2e%2f', '%25%32%65');

/**
 * Query strings for a route: its own parameters, valid or hostile or repeated, plus unknown and
 * prototype names and escapes that decode to nothing.
 */
export function hostileQuery(schema: JsonSchema | null): fc.Arbitrary<QueryPart[]> {
  const properties = Object.entries(schema?.properties ?? {});
  const own = properties.map(([name, node]) =>
    fc.oneof(
      { arbitrary: validArb(node, name).map((v) => [{ name, value: asText(v) }]), weight: 3 },
      { arbitrary: hostileValue.map((v) => [{ name, value: asText(v) }]), weight: 2 },
      { arbitrary: fc.tuple(validArb(node, name), hostileValue).map((pair) => pair.map((v) => ({ name, value: asText(v) }))), weight: 1 },
      { arbitrary: brokenEscapes.map((value) => [{ name, value, raw: true }]), weight: 1 },
      { arbitrary: fc.constant([]), weight: 2 },
    ),
  );
  const unknown = fc.array(
    fc.oneof(
      fc.tuple(hostileKey, hostileValue).map(([name, v]): QueryPart => ({ name, value: asText(v) })),
      fc.constantFrom<QueryPart>({ name: '__proto__[zqrsPolluted]', value: '1' }, { name: 'constructor[prototype][zqrsPolluted]', value: '1' }, { name: '', value: '' }),
      brokenEscapes.map((value): QueryPart => ({ name: value, value, raw: true })),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...own), unknown).map(([parts, extra]) => [...parts.flat(), ...extra]);
}

/** A query string as the client sends it, from its parts (`?` included, or nothing). */
export function queryString(parts: readonly QueryPart[]): string {
  if (parts.length === 0) return '';
  return `?${parts.map((p) => (p.raw ? `${p.name}=${p.value}` : `${encodeText(p.name)}=${encodeText(p.value)}`)).join('&')}`;
}

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): each is
 * written as the three bytes of its code point, which no UTF-8 decoder may accept.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** A hostile path segment, encoded so fetch sends it as it is (never a `.` or `..` segment, which it would resolve away). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(encodeText),
  brokenEscapes,
  fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom('0', '-1', '1e3', 'null', 'undefined', 'true', '%20', '...', ';', ',', '*'),
).map((segment) => (/^(\.|%2e){1,2}$/i.test(segment) || segment === '' ? '...' : segment));
