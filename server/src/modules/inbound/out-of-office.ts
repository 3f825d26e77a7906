import type { OutOfOffice } from '@receivables/contracts';

import { findAddressesInText } from './addresses-in-text';
import { readableText } from './read-limit';
import { readReturnDate } from './return-date';

/**
 * What an out-of-office auto-reply says, for the autopilot (docs/decisions/0021-replies.md,
 * Reacting and Reading a reply): the first day its writer is back, as an ISO date in the
 * organisation's `timeZone` ("until 7 March" → 8 March, "back on 10 March" → 10 March), the words
 * it was read from, and the first address it names to write to meanwhile — never one of
 * `ignoreAddresses` (the writer's own) nor our reply address.
 */
export function readOutOfOffice(text: string, receivedAt: Date, timeZone: string, ignoreAddresses: readonly string[] = []): OutOfOffice {
  const read = readableText(text);
  const returnDate = readReturnDate(read, receivedAt, timeZone);
  const [standIn] = findAddressesInText(read, ignoreAddresses);
  return {
    returns_on: returnDate?.day ?? null,
    return_phrase: returnDate?.phrase ?? null,
    stand_in: standIn ?? null,
  };
}
