import { describe, expect, it } from 'vitest';

import { fieldKey, judgeWrites } from './acknowledged-writes';
import { judgeCall, phaseOf, readTimeline } from './outage-timeline';
import type { RecordedCall } from './recording-client';

// The judgements the PostgreSQL-kill extension passes on a run's calls, each shown to fail on what it looks for.

const KILL = 1_000;
const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const unavailable = JSON.stringify({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database cannot be reached just now' } });

interface AnswerParts {
  text?: string;
  headers?: Record<string, string>;
  id?: string;
}

function answered(sentAt: number, settledAt: number, status: number, extra: AnswerParts = {}): RecordedCall {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', ...extra.headers });
  return { method: 'GET', path: '/api/customers/', body: undefined, sentAt, settledAt, answer: { status, headers, text: extra.text ?? '', id: extra.id } };
}
const unavailableAnswer = (sentAt: number, settledAt: number, headers: Record<string, string> = { 'retry-after': '5' }) =>
  answered(sentAt, settledAt, 503, { text: unavailable, headers });

describe('the outage as the clients saw it', () => {
  const calls = [
    answered(900, 950, 200),
    answered(990, 1_020, 200), // in flight at the kill, served by a backend still running
    unavailableAnswer(1_010, 1_100),
    answered(1_050, 1_400, 200), // sent before the first failure: no sign of recovery
    answered(1_500, 1_600, 200),
  ];
  const timeline = readTimeline(calls, KILL);

  it('runs from the first failure after the kill to the first 2xx of a request sent after it', () => {
    expect(timeline).toEqual({ killAt: KILL, firstFailureAt: 1_100, recoveredAt: 1_600 });
    expect(calls.map((c) => phaseOf(c, timeline))).toEqual(['before', 'outage', 'outage', 'outage', 'outage']);
    expect(phaseOf(answered(1_600, 1_650, 200), timeline)).toBe('recovered');
  });

  it('has no start when nothing failed after the kill', () => {
    expect(readTimeline([answered(900, 1_200, 200)], KILL).firstFailureAt).toBeNull();
  });
});

describe('an answer while the database was down', () => {
  const timeline = { killAt: KILL, firstFailureAt: 1_100, recoveredAt: 5_000 };
  const kinds = (call: RecordedCall) => judgeCall(call, phaseOf(call, timeline), timeline).map((f) => f.kind);

  it('may be a 2xx, or a 503 DATABASE_UNAVAILABLE in the error shape with a Retry-After', () => {
    expect(kinds(answered(1_200, 1_300, 201))).toEqual([]);
    expect(kinds(unavailableAnswer(1_200, 1_300))).toEqual([]);
  });

  it('may not be a 503 without Retry-After or off the shape, a 500, a 4xx, or a dropped connection', () => {
    expect(kinds(unavailableAnswer(1_200, 1_300, {}))).toEqual(['off-shape']);
    expect(kinds(answered(1_200, 1_300, 503, { text: 'Service Unavailable', headers: { 'retry-after': '5', 'content-type': 'text/plain' } }))).toEqual(['off-shape']);
    expect(kinds(answered(1_200, 1_300, 500, { text: JSON.stringify({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } }) }))).toEqual(['server-error']);
    expect(kinds(answered(1_200, 1_300, 401, { text: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }) }))).toEqual(['off-shape']);
    expect(kinds({ ...answered(1_200, 1_300, 0), answer: undefined, error: 'fetch failed: other side closed' })).toEqual(['hang']);
  });

  it('once it is back, may not be any 5xx, the 503 too', () => {
    expect(kinds(unavailableAnswer(5_100, 5_200))).toEqual(['server-error']);
  });
});

describe('acknowledged writes after the restart', () => {
  const describeCall = (call: RecordedCall) => `${call.method} ${call.path}`;
  const rename = (name: string, sentAt: number, settledAt: number, status: number): RecordedCall => ({
    ...answered(sentAt, settledAt, status),
    method: 'PUT',
    path: `/api/customers/${CUSTOMER}/`,
    body: { name },
  });
  const created = { ...answered(100, 200, 201, { id: CUSTOMER }), method: 'POST' };

  it('finds a created record gone', () => {
    expect(judgeWrites([created], { ids: new Set(), values: new Map() }, describeCall).findings.map((f) => f.why)).toEqual([
      `acknowledged customer ${CUSTOMER} is not in the database after the restart`,
    ]);
    expect(judgeWrites([created], { ids: new Set([CUSTOMER]), values: new Map() }, describeCall).findings).toEqual([]);
  });

  it('accepts a value a later call wrote, even one that failed, and finds one that only an earlier call wrote', () => {
    const calls = [rename('Older', 100, 200, 200), rename('Acknowledged', 300, 400, 200), rename('In flight', 350, 1_200, 503)];
    const now = (value: string) => ({ ids: new Set<string>(), values: new Map([[fieldKey('name', CUSTOMER), value]]) });
    expect(judgeWrites(calls, now('In flight'), describeCall).findings).toEqual([]);
    expect(judgeWrites(calls, now('Older'), describeCall).findings.map((f) => f.request)).toEqual([`PUT /api/customers/${CUSTOMER}/`]);
  });
});
