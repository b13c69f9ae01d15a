/**
 * Hostile requests generated from the OpenAPI document (issue 13): for every operation it lists,
 * fast-check arbitraries per category of abuse, built on a valid-looking sample of the operation's
 * request schemas (openapi-sampler) so each mutation gets as far into the route as it can.
 */
import fc from 'fast-check';
import { sample } from 'openapi-sampler';
import type { RawRequest } from './raw-http';

type JsonSchema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface FuzzOperation {
  /** `POST /api/v1/screenings`, as the document lists it. */
  key: string;
  method: string;
  path: string;
  /** From the operation's `security` (and "Admins only." in its description). */
  auth: 'none' | 'session' | 'admin' | 'apiKey';
  params: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }>;
  bodies: Array<{ contentType: string; schema: JsonSchema }>;
  /** The largest body the operation takes, in bytes: its document's `x-body-limit`; 64 KiB otherwise. */
  bodyLimit: number;
}

export interface FuzzCredentials {
  session: string;
  admin: string;
  apiKey: string;
}

/** What a request is meant to test; each operation gets every category that applies to it. */
export const fuzzCategories = [
  'sample',
  'wrong-type',
  'missing-field',
  'extra-field',
  'proto-keys',
  'odd-values',
  'malformed-json',
  'huge-body',
  'deep-nesting',
  'path-params',
  'query',
  'headers',
  'bad-auth',
  'wrong-method',
] as const;
export type FuzzCategory = (typeof fuzzCategories)[number];

export type FuzzRequest = RawRequest & { operation: string; category: FuzzCategory };

export type OpenApiDocument = { paths: Record<string, Record<string, Record<string, unknown>>> } & Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Every operation of the document. */
export function fuzzOperations(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const security = (op.security ?? []) as Array<Record<string, unknown>>;
      const description = typeof op.description === 'string' ? op.description : '';
      const auth =
        security.length === 0 ? 'none' : security.some((s) => 'session' in s) ? (description.includes('Admins only.') ? 'admin' : 'session') : 'apiKey';
      const parameters = (op.parameters ?? []) as Array<{ name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema }>;
      const requestBody = op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        auth,
        params: parameters.map((p) => ({ name: p.name, in: p.in, required: p.required ?? false, schema: p.schema ?? {} })),
        bodies: Object.entries(requestBody?.content ?? {}).map(([contentType, c]) => ({ contentType, schema: c.schema ?? {} })),
        bodyLimit: typeof op['x-body-limit'] === 'number' ? op['x-body-limit'] : DEFAULT_BODY_LIMIT,
      });
    }
  }
  return operations;
}

/** The categories that say something about this operation. */
export function categoriesFor(op: FuzzOperation): FuzzCategory[] {
  const json = op.bodies.some((b) => b.contentType === 'application/json');
  return fuzzCategories.filter((c) => {
    if (c === 'wrong-type' || c === 'missing-field' || c === 'extra-field' || c === 'odd-values') return json;
    if (c === 'path-params') return op.params.some((p) => p.in === 'path');
    return true;
  });
}

/**
 * Values that pass where the sampler's placeholder ("string") cannot, by field name, so the
 * mutations of the other fields reach what lies behind the validation of these (a check, a
 * watched wallet, a webhook endpoint) rather than all stopping at "not an address".
 */
const KNOWN_GOOD: Array<[RegExp, string]> = [
  [/address$/, '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
  [/^email$/, 'fuzz-target@fuzz.example'],
  [/^url$/, 'https://hooks.example.com/walletscreen'],
  [/password$/, 'Fuzz-Target-Passphrase-1'],
];

function withKnownGood(value: Json, key = ''): Json {
  if (typeof value === 'string') return value === 'string' ? (KNOWN_GOOD.find(([name]) => name.test(key))?.[1] ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => withKnownGood(v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withKnownGood(v, k)]));
  return value;
}

const sampleOf = (schema: JsonSchema, doc: OpenApiDocument, requiredOnly = false, name = ''): Json => {
  try {
    return withKnownGood(sample(schema, { skipReadOnly: true, skipNonRequired: requiredOnly, quiet: true }, doc) as Json, name);
  } catch {
    return {};
  }
};

// ---- values -------------------------------------------------------------------------------

/** Strings that have broken parsers, databases and renderers before. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(64),
    '\uD800',
    '\uDFFF',
    'x\uD83D',
    '\u202Eevil',
    '\uFEFFbom',
    '\u2028\u2029',
    'e\u0301',
    '\u{1D54F}\u{1D536}',
    '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
    '\r\nX-Injected: 1',
    '../../../etc/passwd',
    "'; DROP TABLE events; --",
    '%00',
    '%s%n%x',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e309',
    'null',
    '{}',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\u0000',
    '0x0000000000000000000000000000000000000000\u200B',
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'A'.repeat(n)),
  fc.integer({ min: 1, max: 4_000 }).map((n) => '\u0000'.repeat(n)),
);

const oddNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, -1, 0, -0, 0.5, 1e-320, 4_294_967_296);

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A JSON value of another type than `original`. */
const wrongValue = (original: Json): fc.Arbitrary<Json> =>
  fc
    .oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      oddNumber,
      oddString,
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    )
    .filter((v) => typeOf(v) !== typeOf(original)) as fc.Arbitrary<Json>;

/** A value of the same type as `original` at the edge of what that type holds. */
const oddValueLike = (original: Json): fc.Arbitrary<Json> => {
  if (typeof original === 'string') return oddString;
  if (typeof original === 'number') return oddNumber;
  if (Array.isArray(original))
    return fc.oneof(
      fc.constant<Json>([]),
      fc.integer({ min: 1_000, max: 8_000 }).map((n): Json => Array.from({ length: n }, () => original[0] ?? 0)),
    );
  if (original && typeof original === 'object') return fc.constant({});
  return fc.constant(original);
};

/** Paths to every value inside `value` (the root is `[]`). */
function pathsIn(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const paths = [at];
  if (Array.isArray(value)) value.slice(0, 2).forEach((v, i) => paths.push(...pathsIn(v, [...at, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths.push(...pathsIn(v, [...at, k]));
  return paths;
}

const getAt = (value: Json, path: Array<string | number>): Json => path.reduce<Json>((v, k) => (v as Record<string, Json>)[k as string] ?? null, value);

/** `value` with the value at `path` replaced (by defining the key, so `__proto__` stays an ordinary key). */
function setAt(value: Json, path: Array<string | number>, replacement: Json | undefined): Json {
  if (path.length === 0) return replacement ?? null;
  const [head, ...rest] = path;
  const copy: Record<string, Json> | Json[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, Json>) };
  const next = setAt((copy as Record<string, Json>)[head as string] ?? null, rest, replacement);
  if (replacement === undefined && rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head as string];
  } else {
    Object.defineProperty(copy, head as string, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const objectPaths = (value: Json) =>
  pathsIn(value).filter((p) => {
    const v = getAt(value, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });

/** Prototype-pollution payloads: the keys attackers use, each carrying `polluted`. */
const pollution = fc.constantFrom<Array<[string, Json]>>(
  [['__proto__', { polluted: 'yes', role: 'admin', isAdmin: true }]],
  [['constructor', { prototype: { polluted: 'yes' } }]],
  [['prototype', { polluted: 'yes' }]],
  [
    ['__proto__', { polluted: 'yes' }],
    ['constructor', { prototype: { polluted: 'yes' } }],
  ],
  [['__proto__', null]],
  [['__proto__', []]],
);

// ---- framing ------------------------------------------------------------------------------

/** Deeply nested JSON text: `[[[...]]]` or `{"a":{"a":...}}`, `depth` levels. */
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const MALFORMED = [
  '{',
  '}',
  '{"a":',
  '{"a" 1}',
  "{'a': 1}",
  '{"a": 1,}',
  '[1, 2',
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": undefined}',
  '"just a string"',
  '42',
  'true',
  'null',
  '\uFEFF{}',
  '{"a": "\u0000"}',
  '{"a": "\\u0000"}',
  '{"a": "\\ud800"}',
  '{"a": "\\x41"}',
  '{"a": 01}',
  '{"a": 1e99999}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '',
  ' ',
  '\u0000',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
];

/** Bytes that are not valid UTF-8 inside a JSON string. */
const INVALID_UTF8 = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);

const malformedJson = (base: string): fc.Arbitrary<Buffer> =>
  fc.oneof(
    fc.constantFrom(...MALFORMED).map((t) => Buffer.from(t)),
    fc.constant(INVALID_UTF8),
    fc.nat({ max: Math.max(0, base.length - 1) }).map((n) => Buffer.from(base.slice(0, n))),
    fc.tuple(fc.nat({ max: base.length }), fc.string({ maxLength: 3 })).map(([n, s]) => Buffer.from(`${base.slice(0, n)}${s}${base.slice(n + 1)}`)),
    fc.string({ unit: 'binary', maxLength: 200 }).map((t) => Buffer.from(t)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  );

// ---- the request --------------------------------------------------------------------------

interface Parts {
  method: string;
  path: Record<string, string>;
  /** Raw `name=value` pairs, already encoded. */
  query: string[];
  headers: Array<[string, string]>;
  body?: Buffer;
  contentType?: string;
  noContentLength?: boolean;
  /** The path values are sent as given (not encoded). */
  rawPath?: boolean;
}

/** A lone UTF-16 surrogate: half of a pair, with no other half beside it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes any string, never throwing: what `encodeURIComponent` encodes is encoded the same,
 * and a lone surrogate (which it refuses with `URIError: URI malformed`) is sent as the three bytes
 * of its WTF-8 form (`\uD800` → `%ED%A0%80`), a malformed UTF-8 sequence the server must refuse.
 */
export function percentEncode(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LONE_SURROGATE)) {
    const unit = m[0].charCodeAt(0);
    out += encodeURIComponent(text.slice(last, m.index));
    out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    last = m.index + 1;
  }
  return out + encodeURIComponent(text.slice(last));
}
const enc = percentEncode;

/** A byte string (header values are written as latin-1): `text`'s UTF-8 bytes. */
const utf8Latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export interface FuzzContext {
  doc: OpenApiDocument;
  credentials: FuzzCredentials;
}

function authHeaders(op: FuzzOperation, credentials: FuzzCredentials): Array<[string, string]> {
  if (op.auth === 'none') return [];
  if (op.auth === 'apiKey') return [['X-API-Key', credentials.apiKey]];
  return [['Authorization', `Bearer ${op.auth === 'admin' ? credentials.admin : credentials.session}`]];
}

/**
 * The operation's parts filled with a sample of each of its schemas: every field, or only the
 * required ones (so optional ones that change what a route does, like a check id, are left out too).
 */
function sampled(op: FuzzOperation, ctx: FuzzContext, requiredOnly: boolean): Parts & { bodyValue?: Json; bodyType?: string } {
  const path: Record<string, string> = {};
  const query: string[] = [];
  const headers: Array<[string, string]> = authHeaders(op, ctx.credentials);
  for (const p of op.params) {
    const value = sampleOf(p.schema, ctx.doc, false, p.name);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') path[p.name] = text;
    else if (p.in === 'query' && p.required) query.push(`${enc(p.name)}=${enc(text)}`);
    else if (p.in === 'header' && p.required) headers.push([p.name, text]);
  }
  const json = op.bodies.find((b) => b.contentType === 'application/json');
  const body = json ?? op.bodies[0];
  if (!body) return { method: op.method.toUpperCase(), path, query, headers };
  const value = sampleOf(body.schema, ctx.doc, requiredOnly);
  const bytes = json ? Buffer.from(JSON.stringify(value)) : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  return { method: op.method.toUpperCase(), path, query, headers, body: bytes, contentType: body.contentType, bodyValue: value, bodyType: body.contentType };
}

const withJson = (parts: Parts, value: Json | string): Parts => ({
  ...parts,
  body: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  contentType: 'application/json',
});

/** How this category changes the sampled request. */
function mutation(op: FuzzOperation, category: FuzzCategory, base: ReturnType<typeof sampled>, ctx: FuzzContext): fc.Arbitrary<Parts> {
  const value: Json = base.bodyType === 'application/json' ? (base.bodyValue ?? {}) : {};
  const baseText = JSON.stringify(value);
  switch (category) {
    case 'sample':
      return fc.constant(base);
    case 'wrong-type':
      return fc.constantFrom(...pathsIn(value)).chain((p) => wrongValue(getAt(value, p)).map((w) => withJson(base, setAt(value, p, w))));
    case 'missing-field': {
      const leaves = pathsIn(value).filter((p) => p.length > 0);
      return fc.oneof(
        fc.constantFrom<Json | string>({}, [], '{}').map((v) => withJson(base, v)),
        ...(leaves.length ? [fc.constantFrom(...leaves).map((p) => withJson(base, setAt(value, p, undefined)))] : []),
      );
    }
    case 'extra-field': {
      const targets = objectPaths(value);
      if (targets.length === 0) return fc.jsonValue({ maxDepth: 2 }).map((v) => withJson(base, [value, v as Json]));
      return fc
        .tuple(fc.constantFrom(...targets), fc.oneof(fc.string({ maxLength: 20 }), oddString), fc.jsonValue({ maxDepth: 2 }))
        .map(([p, k, v]) => withJson(base, setAt(value, [...p, k], v as Json)));
    }
    case 'proto-keys': {
      const targets = objectPaths(value);
      const at = targets.length ? fc.constantFrom(...targets) : fc.constant<Array<string | number>>([]);
      return fc.tuple(at, pollution).map(([p, pairs]) => {
        let v: Json = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
        for (const [k, payload] of pairs) v = setAt(v, [...p, k], payload);
        return withJson(base, v);
      });
    }
    case 'odd-values': {
      const leaves = pathsIn(value).filter((p) => p.length > 0);
      if (leaves.length === 0) return oddString.map((s) => withJson(base, s));
      return fc.constantFrom(...leaves).chain((p) => oddValueLike(getAt(value, p)).map((w) => withJson(base, setAt(value, p, w))));
    }
    case 'malformed-json':
      return malformedJson(baseText).map((body) => ({ ...base, body, contentType: 'application/json' }));
    case 'huge-body': {
      // A body past the limit, sent whole; past 8 MB (an upload of hundreds) only its Content-Length
      // is sent, which the route must refuse before reading. (A short body under a Content-Length
      // that is not past the limit is only a slow client: the server waits for the rest.)
      if (op.bodyLimit > 8 * 1024 * 1024) {
        return fc.constant({
          ...base,
          body: Buffer.from('{}'),
          headers: [...base.headers, ['Content-Length', String(op.bodyLimit + 1)] as [string, string]],
          noContentLength: true,
        });
      }
      const over = op.bodyLimit + 1024;
      return fc.constantFrom('string', 'array').map((kind) => {
        const text = kind === 'string' ? `{"a":"${'A'.repeat(over)}"}` : `[${'0,'.repeat(Math.ceil(over / 2))}0]`;
        return { ...base, body: Buffer.from(text), contentType: base.contentType ?? 'application/json' };
      });
    }
    case 'deep-nesting': {
      const fields = pathsIn(value);
      return fc
        .tuple(fc.constantFrom(1_000, 10_000, 12_000), fc.constantFrom<'array' | 'object'>('array', 'object'), fc.constantFrom(...fields))
        .map(([depth, kind, p]) => {
          const marker = '"\u0001nested\u0001"';
          const text = JSON.stringify(setAt(value, p, '\u0001nested\u0001')).replace(marker, nestedJson(depth, kind));
          return withJson(base, text);
        });
    }
    case 'path-params': {
      const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
      const rawValue = fc.oneof(
        oddString.map(enc),
        fc.constantFrom(
          '%',
          '%ZZ',
          '%E0%A4%A',
          '%C0%AF',
          '%00',
          '%2F',
          '%2e%2e',
          '..',
          '.',
          'a%00b',
          '%FF%FE',
          '%uD800',
          '%25',
          'x'.repeat(8_000),
          '%F0%9F%92%A9',
        ),
        fc.string({ unit: 'grapheme', maxLength: 30 }).map(enc),
      );
      return fc.tuple(fc.constantFrom(...names), rawValue).map(([name, v]) => ({ ...base, path: { ...base.path, [name]: v }, rawPath: true }));
    }
    case 'query': {
      const names = [...op.params.filter((p) => p.in === 'query').map((p) => p.name), '__proto__', 'constructor', 'limit', 'offset'];
      const pair = fc.oneof(
        fc.tuple(fc.constantFrom(...names), oddString).map(([n, v]) => `${enc(n)}=${enc(v)}`),
        fc
          .tuple(fc.constantFrom(...names), fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%00', '-1', '1e309', '99999999999999999999', 'NaN', '0x10', '[]', 'true'))
          .map(([n, v]) => `${enc(n)}=${v}`),
        fc.constantFrom(
          '__proto__[polluted]=yes',
          'constructor[prototype][polluted]=yes',
          '__proto__.polluted=yes',
          'a[b][c]=1',
          '&&&',
          '=',
          '==x',
          'limit',
          'limit=1&limit=2',
          `q=${'x'.repeat(10_000)}`,
        ),
      );
      return fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => ({ ...base, query: [...base.query, ...pairs] }));
    }
    case 'headers': {
      const ct = base.contentType ?? 'application/json';
      const header = fc.oneof(
        // Content-Type lies and oddities.
        fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'application/json; charset=utf-16',
            'application/json; charset=bogus-42',
            'application/json; charset=latin1',
            'application/json;;;;',
            'application/*',
            '*/*',
            'application/problem+json',
            'application/merge-patch+json',
            'text/csv',
            'application/octet-stream',
            '',
            `${ct}\u00e9`,
          )
          .map((v): [string, string] => ['Content-Type', v]),
        fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus', 'gzip, gzip').map((v): [string, string] => ['Content-Encoding', v]),
        // Credentials that are not ours.
        fc
          .constantFrom(
            '',
            'Bearer',
            'Bearer ',
            'Bearer a.b.c',
            'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImFkbWluIn0.',
            'Basic',
            'Basic !!!',
            'Basic d3NrX3g6',
            'Basic Og==',
            'Digest x',
            `Bearer ${'A'.repeat(8_000)}`,
            'Bearer wsk_',
            'Bearer wsk_00000000000000000000',
          )
          .map((v): [string, string] => ['Authorization', v]),
        fc.constantFrom('', ' ', 'wsk_', 'wsk_x', 'not-a-key', 'wsk_' + 'A'.repeat(4_000)).map((v): [string, string] => ['X-API-Key', v]),
        // Idempotency keys out of range.
        fc
          .constantFrom('', 'short', 'x'.repeat(201), 'has space in it', utf8Latin1('ключ-идемпотентности'), 'a\tb\tc\td\te')
          .map((v): [string, string] => ['Idempotency-Key', v]),
        fc.constantFrom('application/xml', 'text/html', '', 'garbage/;;', '*/*;q=abc').map((v): [string, string] => ['Accept', v]),
        fc.constantFrom('100-continue', 'bogus').map((v): [string, string] => ['Expect', v]),
        fc.constantFrom('1.2.3.4', 'not-an-ip, ::1', '').map((v): [string, string] => ['X-Forwarded-For', v]),
        fc.constantFrom('websocket', 'h2c', 'bogus').map((v): [string, string] => ['Upgrade', v]),
        fc.constant<[string, string]>(['Connection', 'Upgrade']),
        fc.constantFrom(utf8Latin1('ünïcödé'), 'x'.repeat(10_000)).map((v): [string, string] => ['X-Fuzz', v]),
      );
      return fc.array(header, { minLength: 1, maxLength: 4 }).map((extra) => {
        // Headers given here replace the sampled ones of the same name, or come twice when asked to.
        const names = new Set(extra.map(([n]) => n.toLowerCase()));
        const kept = base.headers.filter(([n]) => !names.has(n.toLowerCase()));
        return { ...base, headers: [...kept, ...extra], contentType: names.has('content-type') ? undefined : base.contentType };
      });
    }
    case 'bad-auth': {
      const wrong = fc.oneof(
        fc.constantFrom<Array<[string, string]>>(
          [],
          [['Authorization', `Bearer ${ctx.credentials.session}x`]],
          [['Authorization', `Bearer ${ctx.credentials.session.split('.').slice(0, 2).join('.')}.`]],
          [['Authorization', `bearer  ${ctx.credentials.session}`]],
          [['Authorization', `Bearer ${ctx.credentials.apiKey}`]],
          [['Authorization', `Basic ${Buffer.from(`${ctx.credentials.apiKey}:`).toString('base64')}`]],
          [['X-API-Key', ctx.credentials.session]],
          [['X-API-Key', `${ctx.credentials.apiKey.slice(0, -1)}x`]],
          [
            ['X-API-Key', ctx.credentials.apiKey],
            ['X-API-Key', 'wsk_other'],
          ],
          [
            ['Authorization', `Bearer ${ctx.credentials.session}`],
            ['Authorization', `Bearer ${ctx.credentials.admin}`],
          ],
          [['Authorization', `Bearer ${ctx.credentials.session}\u0000`]],
          [['Authorization', 'Bearer \u0000\u0001\u0002']],
          [['Authorization', `Bearer ${'x'.repeat(20_000)}`]],
        ),
        oddString.map((s): Array<[string, string]> => [['Authorization', `Bearer ${utf8Latin1(s)}`]]),
      );
      return wrong.map((headers) => ({ ...base, headers: [...base.headers.filter(([n]) => !/^(authorization|x-api-key)$/i.test(n)), ...headers] }));
    }
    case 'wrong-method': {
      const documented = Object.keys(ctx.doc.paths[op.path] ?? {});
      const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT', 'PROPFIND', 'FUZZ', 'get'].filter(
        (m) => !documented.includes(m.toLowerCase()) || m === 'get',
      );
      return fc.constantFrom(...others).map((method) => ({ ...base, method }));
    }
    default: {
      const _exhaustive: never = category;
      return _exhaustive;
    }
  }
}

/** Fills `{name}` in the documented path with the (encoded) values. */
function target(op: FuzzOperation, parts: Parts): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = parts.path[name] ?? 'x';
    return parts.rawPath ? v : enc(v);
  });
  return parts.query.length ? `${path}?${parts.query.join('&')}` : path;
}

/** Requests of this category for this operation. */
export function fuzzRequest(op: FuzzOperation, category: FuzzCategory, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .boolean()
    .chain((requiredOnly) => mutation(op, category, sampled(op, ctx, requiredOnly), ctx))
    .map((parts) => {
      const headers = [...parts.headers];
      if (parts.body && parts.contentType !== undefined && !headers.some(([n]) => n.toLowerCase() === 'content-type'))
        headers.push(['Content-Type', parts.contentType]);
      return {
        operation: op.key,
        category,
        method: parts.method,
        target: target(op, parts),
        headers,
        ...(parts.body ? { body: parts.body } : {}),
        ...(parts.noContentLength ? { noContentLength: true } : {}),
      };
    });
}

/** A request's description for a failure message (bodies shortened). */
export function describeRequest(r: FuzzRequest): string {
  const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const body = r.body ? ` body=${short(JSON.stringify(r.body.toString('latin1')))}` : '';
  return `[${r.category}] ${r.method} ${short(r.target)} headers=${short(JSON.stringify(r.headers))}${body}`;
}
