import { expect, it } from 'vitest';

import { triageReply } from './triage';
import { TRIAGE_CORPUS, TRIAGE_RECEIVED_AT, type TriageCase } from './triage.corpus';

/** The acceptance bar (docs/decisions/0021-replies.md): nine in ten triaged right. */
const REQUIRED_ACCURACY = 0.9;

/** Right: the category, and for a promise the day, for a wrong contact the address and name. */
function isRight(item: TriageCase, got: ReturnType<typeof triageReply>): boolean {
  if ((got?.category ?? null) !== item.category) return false;
  if (item.promisedOn !== undefined && got?.promised_on !== item.promisedOn) return false;
  return item.newContact === undefined || JSON.stringify(got?.new_contact) === JSON.stringify(item.newContact);
}

it('triages at least 90% of the reply corpus right', () => {
  const wrong: string[] = [];
  for (const item of TRIAGE_CORPUS) {
    const got = triageReply(item.text, new Date(item.receivedAt ?? TRIAGE_RECEIVED_AT), 'Europe/London', item.ignore);
    if (!isRight(item, got)) {
      const expected = { category: item.category, promised_on: item.promisedOn, new_contact: item.newContact };
      wrong.push(`  ✗ ${JSON.stringify(item.text)}\n    expected ${JSON.stringify(expected)}\n    got      ${JSON.stringify(got)}`);
    }
  }
  const total = TRIAGE_CORPUS.length;
  const right = total - wrong.length;
  console.log(`triage: ${right}/${total} (${((100 * right) / total).toFixed(1)}%) right\n${wrong.join('\n')}`);
  expect(total).toBeGreaterThanOrEqual(36);
  expect(right / total).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
});
