import { expect, it } from 'vitest';

import { readOutOfOffice } from './out-of-office';
import { OUT_OF_OFFICE_CORPUS } from './out-of-office.corpus';

/** The acceptance bar (docs/decisions/0021-replies.md): nine in ten read right. */
const REQUIRED_ACCURACY = 0.9;

it('reads the return day and the stand-in of at least 90% of the out-of-office corpus', () => {
  const wrong: string[] = [];
  for (const item of OUT_OF_OFFICE_CORPUS) {
    const got = readOutOfOffice(item.text, new Date(item.receivedAt), item.timeZone ?? 'Europe/London', item.ignore);
    const isRight = got.returns_on === item.returnsOn && JSON.stringify(got.stand_in) === JSON.stringify(item.standIn);
    if (!isRight) {
      wrong.push(
        `  ✗ ${item.name}\n` +
        `    expected returns_on ${item.returnsOn}, stand_in ${JSON.stringify(item.standIn)}\n` +
        `    got      returns_on ${got.returns_on} (from ${JSON.stringify(got.return_phrase)}), stand_in ${JSON.stringify(got.stand_in)}`,
      );
    }
  }
  const total = OUT_OF_OFFICE_CORPUS.length;
  const right = total - wrong.length;
  console.log(`out-of-office: ${right}/${total} (${((100 * right) / total).toFixed(1)}%) right\n${wrong.join('\n')}`);
  expect(total).toBeGreaterThanOrEqual(24);
  expect(right / total).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
});
