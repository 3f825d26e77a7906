import { randomUUID } from 'node:crypto';

import fc from 'fast-check';

import { schemaConstants } from './answer-checks';
import { type CataloguedRoute, fillPath } from './route-catalogue';
import { asText, type Json, type JsonSchema, jsonSchemaOf, validArb } from './schema-arbitrary';

/**
 * Which table a path parameter's id comes from: by the parameter's own name, else (`:id`) by the
 * segment before it. A route whose parameter is in neither is still called, with a random id, and
 * the report names it (`unresolved`), so the line to add here is plain.
 */
const TABLE_BY_PARAM: Readonly<Record<string, string>> = {
  customerId: 'customer',
  eventId: 'event',
  workflowId: 'workflow',
  jobId: 'customer_bulk_job',
  attachmentId: 'inbound_attachment',
};
const TABLE_BY_SEGMENT: Readonly<Record<string, string>> = {
  customers: 'customer',
  invoices: 'invoice',
  payments: 'payment',
  notes: 'customer_note',
  emails: 'email_template',
  workflows: 'workflow',
  action: 'workflow_action',
  events: 'event',
  execute: 'event',
  imports: 'customer_import',
  inbound: 'inbound_email',
  attachments: 'inbound_attachment',
  accounts: 'account',
  invitations: 'auth_invitation',
  members: 'auth_member',
  bulk: 'customer_bulk_job',
  tags: 'tag',
};
/** A wildcard's stand-in, by the segment before it: a page of the docs, a better-auth read. */
const WILDCARD_BY_SEGMENT: Readonly<Record<string, string>> = { auth: 'get-session', static: 'index.html' };

/** Body and query fields that name a record, and its table, so a request refers to real rows. */
const TABLE_BY_FIELD: Readonly<Record<string, string>> = {
  customer_id: 'customer',
  customer_ids: 'customer',
  event_ids: 'event',
  invoice_id: 'invoice',
  workflow_id: 'workflow',
  duplicate_of: 'workflow',
  reassign_to: 'workflow',
  email_id: 'email_template',
  tag_id: 'tag',
};

/** One request as the suite sends it. */
export interface PlannedRequest {
  route: CataloguedRoute;
  method: string;
  /** Path and query string, ready for the client. */
  path: string;
  /** The values of the path's parameters. */
  params: string[];
  query: Record<string, string>;
  body: Json | undefined;
  /** The schemas' enum and const values: an error may name those back. */
  constants: ReadonlySet<string>;
  /** Parameters no table was known for (filled with a random id). */
  unresolved: string[];
}

/** A stable 32-bit number from text: a route's own fast-check seed, unmoved by routes added elsewhere. */
export function hashSeed(text: string, base = 0): number {
  let h = (2166136261 ^ base) >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h | 0;
}

const firstSample = <T>(arb: fc.Arbitrary<T>, seed: number): T => {
  const [value] = fc.sample(arb, { seed, numRuns: 1 });
  if (value === undefined) throw new Error('fast-check gave no sample');
  return value;
};

/** The JSON Schemas of a route's query and body, converted once. */
export interface RouteSchemas {
  querystring: JsonSchema | null;
  body: JsonSchema | null;
  constants: ReadonlySet<string>;
}

const converted = new WeakMap<CataloguedRoute, RouteSchemas>();
export function schemasOf(route: CataloguedRoute): RouteSchemas {
  const known = converted.get(route);
  if (known) return known;
  const querystring = route.querystring ? jsonSchemaOf(route.querystring) : null;
  const body = route.body ? jsonSchemaOf(route.body) : null;
  const constants = schemaConstants([querystring, body, route.params ? jsonSchemaOf(route.params) : null]);
  const schemas = { querystring, body, constants };
  converted.set(route, schemas);
  return schemas;
}

/** The table a route's top-level `id` field names: its last fixed segment's (`PUT /api/workflows/` → workflow). */
function routeTable(url: string): string | undefined {
  const fixed = url.split('/').filter((s) => s !== '' && !s.startsWith(':') && s !== '*');
  return TABLE_BY_SEGMENT[fixed[fixed.length - 1] ?? ''];
}

/** Put the organisation's real ids in the fields that name records (any depth), so the request reaches them. */
export function withIds(value: Json, ids: ReadonlyMap<string, string>, ownTable: string | undefined, field = ''): Json {
  const idFor = (table: string | undefined) => (table ? ids.get(table) : undefined);
  if (typeof value === 'string') return idFor(TABLE_BY_FIELD[field]) ?? value;
  if (Array.isArray(value)) return value.map((item) => withIds(item, ids, ownTable, field));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'id' && typeof item === 'string') out[key] = idFor(field === 'tags' || field === 'tag' ? 'tag' : field === '' ? ownTable : undefined) ?? item;
    else out[key] = withIds(item, ids, ownTable, key);
  }
  return out;
}

/**
 * A request to `route` that an organisation with these ids would send: its path parameters its
 * real records, a query and a body valid by the route's schema (one fixed sample, so a run is
 * repeatable), their id fields naming its records too.
 */
export function planRequest(route: CataloguedRoute, ids: ReadonlyMap<string, string>): PlannedRequest {
  const schemas = schemasOf(route);
  const params: string[] = [];
  const unresolved: string[] = [];
  const path = fillPath(route.url, (param, before) => {
    if (param === '*') return WILDCARD_BY_SEGMENT[before] ?? 'resilience';
    const table = TABLE_BY_PARAM[param] ?? (param === 'id' ? TABLE_BY_SEGMENT[before] : undefined);
    const id = table ? ids.get(table) : undefined;
    if (!id) unresolved.push(`:${param}`);
    const value = id ?? randomUUID();
    params.push(value);
    return value;
  });
  const seed = hashSeed(route.key);
  const ownTable = routeTable(route.url);
  const query: Record<string, string> = {};
  if (schemas.querystring) {
    const sample = withIds(firstSample(validArb(schemas.querystring), seed), ids, ownTable);
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      for (const [key, value] of Object.entries(sample)) query[key] = asText(value);
    }
  }
  const body = schemas.body ? withIds(firstSample(validArb(schemas.body), seed), ids, ownTable) : undefined;
  const search = new URLSearchParams(query).toString();
  return { route, method: route.method, path: search ? `${path}?${search}` : path, params, query, body, constants: schemas.constants, unresolved };
}
