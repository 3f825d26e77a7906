import { checkAnswer, type Finding, readError } from './answer-checks';
import type { RecordedCall } from './recording-client';

/**
 * The outage as the load's clients saw it, all times `performance.now()`. It starts at the first
 * answer after the kill that was not a 2xx (or no answer at all), and ends at the first 2xx to a
 * request sent after that: a request already running on a backend when the postmaster died may
 * still have been served, and is no sign of recovery.
 */
export interface OutageTimeline {
  killAt: number;
  firstFailureAt: number | null;
  recoveredAt: number | null;
}

/** Where a call falls: settled before the kill, sent before the clients saw the recovery, or sent after it. */
export type Phase = 'before' | 'outage' | 'recovered';

const isSuccess = (call: RecordedCall) => call.answer !== undefined && call.answer.status >= 200 && call.answer.status < 300;

export function readTimeline(calls: readonly RecordedCall[], killAt: number): OutageTimeline {
  const settledAfterKill = calls.filter((c) => c.settledAt === undefined || c.settledAt >= killAt);
  const firstFailureAt = earliest(settledAfterKill.filter((c) => !isSuccess(c)).map(settledOrNever));
  if (firstFailureAt === null) return { killAt, firstFailureAt, recoveredAt: null };
  const recoveredAt = earliest(calls.filter((c) => c.sentAt >= firstFailureAt && isSuccess(c)).map(settledOrNever));
  return { killAt, firstFailureAt, recoveredAt };
}

export function phaseOf(call: RecordedCall, timeline: OutageTimeline): Phase {
  if (call.settledAt !== undefined && call.settledAt < timeline.killAt) return 'before';
  if (timeline.recoveredAt !== null && call.sentAt >= timeline.recoveredAt) return 'recovered';
  return 'outage';
}

/**
 * What is wrong with one call. Outside the outage, what the mixed load asks of any answer (no 5xx,
 * the error shape). During it, a call may fairly be served (it reached a backend before the kill)
 * or fail, but only as the API promises a failure of a service it depends on
 * (docs/api-conventions.md, decision 0033): a 503 DATABASE_UNAVAILABLE in the error shape with a
 * Retry-After. Our own server dropping the connection, a 500, or a 4xx (the request was valid: a
 * 401 would sign a user out for the database's sake) is not fair, in flight at the kill or not.
 */
export function judgeCall(call: RecordedCall, phase: Phase, timeline: OutageTimeline): Finding[] {
  const request = `${call.method} ${call.path} (sent ${secondsFrom(timeline.killAt, call.sentAt)} from the kill, ${phase})`;
  const { answer } = call;
  if (!answer) {
    const why = call.error ?? 'never answered';
    return [{ kind: 'hang', request, status: 0, why: phase === 'outage' ? `no answer while the database was down (${why}): a failure must be a 503` : why }];
  }
  if (phase !== 'outage') return checkAnswer(answer, request, new Set());
  if (answer.status < 300) return [];
  const finding = (kind: Finding['kind'], why: string): Finding[] => [{ kind, request, status: answer.status, why }];
  if (answer.status !== 503) {
    return finding(answer.status >= 500 ? 'server-error' : 'off-shape', `a ${answer.status} while the database was down, not a 503: ${answer.text.slice(0, 200)}`);
  }
  const error = readError(answer);
  if (typeof error === 'string') return finding('off-shape', `a 503 off the error shape (${error}): ${answer.text.slice(0, 200)}`);
  if (error.code !== 'DATABASE_UNAVAILABLE') return finding('off-shape', `a 503 that names ${error.code}, not DATABASE_UNAVAILABLE`);
  const retryAfter = answer.headers.get('retry-after');
  if (!/^[1-9]\d*$/.test(retryAfter ?? '')) return finding('off-shape', `a 503 without a Retry-After in seconds (${retryAfter ?? 'none'})`);
  return [];
}

/** `n` calls by what came back: `503 ×412, 200 ×35, no answer ×2`. */
export function countByAnswer(calls: readonly RecordedCall[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = call.answer ? String(call.answer.status) : 'no answer';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([, a], [, b]) => b - a).map(([key, n]) => `${key} ×${n}`).join(', ') || 'none';
}

/** p50, p95 and p99 of the settled calls' latencies, in milliseconds. */
export function latencies(calls: readonly RecordedCall[]): { p50: number; p95: number; p99: number } {
  const sorted = calls.flatMap((c) => (c.settledAt === undefined ? [] : [c.settledAt - c.sentAt])).sort((x, y) => x - y);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** `+2.3 s`: how long after `from` the moment `at` was. */
export function secondsFrom(from: number, at: number): string {
  const s = (at - from) / 1000;
  return `${s < 0 ? '−' : '+'}${Math.abs(s).toFixed(1)} s`;
}

function settledOrNever(call: RecordedCall): number {
  return call.settledAt ?? Number.POSITIVE_INFINITY;
}

function earliest(times: readonly number[]): number | null {
  const finite = times.filter((t) => Number.isFinite(t));
  return finite.length === 0 ? null : Math.min(...finite);
}
