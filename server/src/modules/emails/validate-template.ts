import { type FieldIssue, MERGE_FIELD_NAMES } from '@receivables/contracts';
import { AssertionError, type Liquid, LiquidError } from 'liquidjs';

import { bodyEngine, RENDER_BUDGET_MS, subjectEngine } from './template-engine';

/** Liquid's words for a render that ran out of its budget, and ours (docs/decisions/0031-templates-under-a-budget.md). */
const OVER_BUDGET: [RegExp, string][] = [
  [/template render limit exceeded/, `it takes too long to render (over ${RENDER_BUDGET_MS} ms): loop over less`],
  [/memory alloc limit exceeded/, 'it builds too much text to render: loop over less, or repeat less'],
  [/parse.* limit exceeded/, 'it is too long to read'],
];

/**
 * Whether Liquid refused a render: a LiquidError, or the bare AssertionError its limiter throws
 * when a budget runs out between two top-level parts of a template, outside the try that would
 * have wrapped it (liquidjs renderTemplates) — still the template's doing, not the server's.
 */
export const isLiquidRefusal = (error: unknown): error is LiquidError | AssertionError =>
  error instanceof LiquidError || (error instanceof AssertionError && OVER_BUDGET.some(([pattern]) => pattern.test(error.message)));

/** "line 3: …" from a Liquid error, without the library's own ", line:3, col:5" suffix. */
export function describeLiquidError(error: unknown): string {
  // A budget run out at the top level has no token: it belongs to no one line.
  if (error instanceof AssertionError) return OVER_BUDGET.find(([pattern]) => pattern.test(error.message))?.[1] ?? error.message;
  if (error instanceof LiquidError) {
    const [line] = error.token.getPosition();
    const said = (error.originalError?.message ?? error.message).replace(/, line:\d+, col:\d+$/, '');
    const message = OVER_BUDGET.find(([pattern]) => pattern.test(said))?.[1] ?? said;
    return `line ${line}: ${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function checkSource(engine: Liquid, source: string, field: string): FieldIssue[] {
  let parsed;
  try {
    parsed = engine.parse(source);
  } catch (error) {
    return [{ field, reason: describeLiquidError(error) }];
  }
  const { globals } = engine.analyzeSync(parsed);
  return Object.entries(globals)
    .filter(([name]) => !MERGE_FIELD_NAMES.has(name))
    .map(([name, uses]) => ({ field, reason: `line ${uses[0]?.location.row ?? 1}: unknown merge field "${name}"` }));
}

/**
 * Every problem that would stop a template rendering, found when it is saved rather than when a
 * reminder is due: Liquid that does not parse, an unknown filter or tag, a merge field that does
 * not exist. Each names the field and the line.
 */
export function validateTemplate(template: { subject: string; body: string }): FieldIssue[] {
  return [...checkSource(subjectEngine, template.subject, 'subject'), ...checkSource(bodyEngine, template.body, 'body')];
}
