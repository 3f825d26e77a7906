import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The impacts that fail a screen: what keeps someone from using it, not advice. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Run axe on the page as it is now and describe each serious or critical violation, one line per
 * element, so a failure says what to fix without opening a report. An empty list means none.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // axe runs in the page itself. The default mode opens a new blank page for every run to merge
    // results from other origins' frames, which these screens do not have (their only frames are
    // the sandboxed emails, excluded below): it halved the tour's time in axe, same findings.
    .setLegacyMode(true)
    // A rendered email sits in a frame that refuses scripts (EmailFrame): axe cannot run in it and
    // waits for it forever. Its content is the customer's email, not the app's screen.
    .exclude('iframe[sandbox]')
    // label-content-name-mismatch is experimental in axe, so off by default; on here because
    // voice-control users say the visible label to press a control (WCAG 2.5.3, label in name).
    // Only violations are read, so axe need not work out a selector for every element that passed.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? '')).flatMap(describe);
}

function describe(violation: Result): string[] {
  return violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
    return `${violation.id} (${violation.impact ?? 'unknown'}) at ${node.target.join(' ')}: ${summary}`;
  });
}

/** The screen as it is now has no serious or critical violation; `what` and `scheme` name it in the failure. */
export async function expectNoAxeViolations(page: Page, what: string, scheme: string): Promise<void> {
  expect(await seriousAxeViolations(page), `${what} (${scheme})`).toEqual([]);
}
