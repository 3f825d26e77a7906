/** An email address named in a text, with the person's name when it is written beside it. */
export interface NamedAddress {
  email: string;
  name: string | null;
}

const ADDRESS = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/**
 * A name's words (Jane, O'Neill, McDonald, Smith-Jones, J.), and the words that join a name to its
 * address: "Jane Smith at jane@…", "Mark Wilson, mark@…", "Mike Ross (mross@…)",
 * "Jane Smith <jane@…>", "Jane Smith on jane@…", "Jane Smith - jane@…".
 */
const NAME_WORD = String.raw`(?:[A-Z]\.|[A-Z][a-z]*(?:['’-]?[A-Z][a-z]+)*)`;
const NAME_BEFORE_ADDRESS = new RegExp(String.raw`\b(${NAME_WORD}(?:\s+${NAME_WORD}){0,3})\s*(?:,|:|-|–|\(|<|\bat\b|\bon\b|\bvia\b)?\s*$`);

/**
 * Capitalised words that are not a name: a sentence's first word ("Please contact …") and the
 * words of a team's or a mailbox's title ("Accounts Payable at ap@…").
 */
const NOT_A_NAME = new Set([
  'please', 'contact', 'email', 'e-mail', 'mail', 'write', 'send', 'call', 'for', 'in', 'my', 'our', 'the', 'your', 'or', 'and',
  'dear', 'hi', 'hello', 'thanks', 'thank', 'regards', 'urgent', 'colleague', 'team', 'accounts', 'account', 'payable',
  'receivable', 'finance', 'credit', 'control', 'department', 'office', 'manager', 'ledger', 'purchase', 'sales', 'support',
  'reach', 'alternatively', 'otherwise', 'if', 'you', 'can', 'i', 'we', 'mr', 'mrs', 'ms', 'dr', 'to', 'at', 'on',
  'try', 'use', 'ask', 'speak', 'cc', 'copy', 'forward', 'via',
]);

/** Our own reply address (decision 0020, `reply+<token>@…`) quoted back to us is nobody's. */
const isOurReplyAddress = (email: string): boolean => email.toLowerCase().startsWith('reply+');

/** How far before an address its name is looked for: a name sits right beside it. */
const NAME_REACH = 120;

function nameBefore(text: string, index: number): string | null {
  const line = text.slice(Math.max(0, index - NAME_REACH), index).split('\n').pop() ?? '';
  const match = NAME_BEFORE_ADDRESS.exec(line);
  if (!match?.[1]) return null;
  const words = match[1].split(/\s+/);
  // Title-words before the name go ("Please contact Jane Smith"); one among the rest makes it a
  // team's title, not a person's name ("Accounts Payable Team").
  while (words.length > 0 && NOT_A_NAME.has((words[0] ?? '').toLowerCase())) words.shift();
  if (words.length === 0 || words.some((word) => NOT_A_NAME.has(word.toLowerCase()))) return null;
  return words.join(' ');
}

/**
 * The addresses a text names, in order, each once, with the name written just before it when
 * there is one; never one of `ignore` (the writer's own) nor our reply address. An out-of-office's
 * stand-in and a wrong-contact reply's new contact are the first (docs/decisions/0021-replies.md).
 */
export function findAddressesInText(text: string, ignore: readonly string[] = []): NamedAddress[] {
  const ignored = new Set(ignore.map((email) => email.toLowerCase()));
  const found: NamedAddress[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const email = match[0].replace(/^[.'-]+|[.'-]+$/g, '');
    const key = email.toLowerCase();
    if (ignored.has(key) || isOurReplyAddress(key) || found.some((address) => address.email.toLowerCase() === key)) continue;
    found.push({ email, name: nameBefore(text, match.index) });
  }
  return found;
}
