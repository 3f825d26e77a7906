import type { Finding, FindingKind } from './answer-checks';
import { isRefused, type Trial } from './auth-spellings';
import { EXTENSIONS, type ExtensionResult } from './extension-points';
import { KNOWN_FAILURES, KNOWN_HOLES } from './known-failures';
import type { LoadOutcome } from './mixed-load';
import type { FuzzOutcome } from './route-fuzz';
import type { MatrixOutcome } from './route-matrix';

const KIND_LABELS: Record<FindingKind, string> = {
  leak: 'leaks (B saw or changed A)',
  escalation: 'escalations (no token or a role too low let through)',
  refused: 'allowed roles refused',
  'server-error': '5xx',
  'off-shape': 'off-shape errors',
  echo: 'errors repeating the request',
  hang: 'hangs',
  pollution: 'prototype pollution',
  lost: 'writes or rows lost',
  doubled: 'writes or rows doubled',
};

/** What each part of the run found, printed as one table at the end (`npm run test:resilience`). */
export class ResilienceReport {
  matrix: MatrixOutcome | null = null;
  readonly trials: Trial[] = [];
  readonly spellingFindings: Finding[] = [];
  fuzz: FuzzOutcome | null = null;
  load: LoadOutcome | null = null;
  readonly extensions = new Map<string, ExtensionResult>();

  constructor(private readonly mode: { full: boolean; seed: number }) {}

  private findings(): Finding[] {
    return [
      ...(this.matrix?.findings ?? []),
      ...this.spellingFindings,
      ...(this.fuzz?.failures.flatMap((f) => f.findings) ?? []),
      ...(this.load?.findings ?? []),
      ...[...this.extensions.values()].flatMap((e) => e.findings),
    ];
  }

  /** Whether anything failed: the fast subset prints the report only then. */
  failed(): boolean {
    return this.findings().length > 0 || this.trials.some((t) => !isRefused(t));
  }

  text(): string {
    const rows: [string, string][] = [];
    const m = this.matrix;
    if (m) {
      const statuses = Object.entries(m.statuses).map(([caller, counts]) => `${caller} ${Object.entries(counts).map(([k, n]) => `${k}:${n}`).join(' ')}`).join('; ');
      rows.push(['routes × callers', `${m.routes.length} routes × ${m.callers.length} callers (${m.callers.join(', ')}): ${m.requests} requests`]);
      rows.push(['  answers by caller', statuses]);
      rows.push(['  ids not from a record', m.unresolved.length === 0 ? 'none' : m.unresolved.join(', ')]);
    } else rows.push(['routes × callers', 'not run']);

    const spellings = new Set(this.trials.map((t) => t.spelling));
    const endpoints = new Set(this.trials.map((t) => t.endpoint));
    const through = this.trials.filter((t) => !isRefused(t));
    rows.push([
      'spellings tried',
      this.trials.length === 0
        ? 'not run'
        : `${spellings.size} spellings × ${endpoints.size} endpoints × admin, member: ${this.trials.length} trials, ${through.length} got past the guard (${through.filter((t) => t.changed).length} changed data)`,
    ]);

    const f = this.fuzz;
    const failingRoutes = new Set(f?.failures.map((x) => x.route)).size;
    rows.push(['fuzz cases', f ? `${f.cases} cases over ${f.routes} routes, ${f.failures.length} failing on ${failingRoutes} routes; FC_SEED=${this.mode.seed}` : 'not run']);

    const l = this.load;
    rows.push([
      'mixed load',
      l
        ? `${l.seconds} s, ${l.concurrency} concurrent: ${l.requests} requests (${Math.round(l.requests / l.seconds)}/s), p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms; by status ${JSON.stringify(l.byStatus)}`
        : 'not run (npm run test:resilience runs it)',
    ]);
    if (l) {
      const slowest = Object.entries(l.byOperation).sort(([, a], [, b]) => b.p95 - a.p95).slice(0, 4);
      rows.push(['  slowest p95', slowest.map(([name, s]) => `${name} ${s.p95} ms (${s.requests})`).join(', ')]);
    }

    const all = this.findings();
    for (const [kind, label] of Object.entries(KIND_LABELS) as [FindingKind, string][]) {
      rows.push([label, String(all.filter((x) => x.kind === kind).length)]);
    }
    for (const name of Object.keys(EXTENSIONS)) {
      const result = this.extensions.get(name);
      if (result) for (const [label, value] of result.rows) rows.push([`${name}: ${label}`, value]);
      else if (!EXTENSIONS[name as keyof typeof EXTENSIONS]) rows.push([name, 'not measured: an empty slot in EXTENSIONS (server/test/resilience/extension-points.ts)']);
      else rows.push([name, 'not run this time (the fast subset, or left out by -t)']);
    }

    const width = Math.max(...rows.map(([label]) => label.length));
    const lines = [`Resilience report (${this.mode.full ? 'full run' : 'fast subset; npm run test:resilience for the full run'})`, ''];
    for (const [label, value] of rows) lines.push(`${label.padEnd(width)}  ${value}`);

    lines.push('', 'Failing today and known (server/test/resilience/known-failures.ts), as this run found them:');
    for (const known of KNOWN_FAILURES) {
      const mine = all.filter((x) => known.covers(x));
      lines.push(`  - ${known.what}: ${mine.length > 0 ? `FAILS (${mine.length}), e.g. ${mine[0]?.request ?? ''} → ${mine[0]?.status ?? ''}` : 'not seen in this run (fixed, or not drawn: the fast subset samples)'}`);
    }
    for (const name of KNOWN_HOLES) {
      const mine = this.trials.filter((t) => t.spelling === name);
      const failing = mine.filter((t) => !isRefused(t));
      const state = mine.length === 0 ? 'not tried in this run' : failing.length > 0 ? `FAILS (${failing.length} of ${mine.length})` : 'now refused: take it off KNOWN_HOLES';
      lines.push(`  - spelling ${name}: ${state}`);
    }
    if (KNOWN_FAILURES.length === 0 && KNOWN_HOLES.size === 0) lines.push('  (none)');

    const spelt = [...new Set(through.map((t) => t.spelling))].filter((name) => !KNOWN_HOLES.has(name));
    const fresh = all.filter((x) => !KNOWN_FAILURES.some((known) => known.covers(x)));
    lines.push('', `Failing and not known (${spelt.length + fresh.length}):${spelt.length + fresh.length === 0 ? ' none' : ''}`);
    for (const name of spelt) {
      lines.push(`  - spelling ${name} got past the guard:`);
      for (const t of through.filter((x) => x.spelling === name).slice(0, 4)) lines.push(`      ${t.role} POST ${t.path} → ${t.status} ${t.changed ?? t.message}`);
    }
    for (const x of fresh.slice(0, 30)) lines.push(`  [${x.kind}] ${x.request} → ${x.status}: ${x.why}`);
    if (fresh.length > 30) lines.push(`  … and ${fresh.length - 30} more`);
    return lines.join('\n');
  }
}
