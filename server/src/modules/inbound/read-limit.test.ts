import { expect, it } from 'vitest';

import { detectAutoReply } from './auto-reply';
import { readOutOfOffice } from './out-of-office';
import { visibleReplyText } from './quoted-text';
import { READ_LIMIT } from './read-limit';
import { triageReply } from './triage';

const received = new Date('2025-03-05T10:00:00Z');
const beyondTheLimit = (words: string) => `${'x'.repeat(READ_LIMIT)} ${words}`;

it('reads no further than the limit, whatever follows', () => {
  expect(triageReply(beyondTheLimit('We paid yesterday.'), received, 'Europe/London')).toBeNull();
  expect(readOutOfOffice(beyondTheLimit('Back on 10 March. Contact ap@x.test'), received, 'Europe/London')).toEqual({
    returns_on: null,
    return_phrase: null,
    stand_in: null,
  });
  expect(visibleReplyText(beyondTheLimit('Paid.'))).toHaveLength(READ_LIMIT);
  expect(detectAutoReply({ headers: new Map(), subject: 'Re: Invoice', text: beyondTheLimit('I am out of the office.') }).auto).toBe(false);
});
