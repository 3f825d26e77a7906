import type { Address } from 'postal-mime';

import { withoutNul } from './readable-text';

export interface InboundAddress {
  /** Lower-cased. */
  address: string;
  name: string | null;
}

/** The mailboxes of address headers, groups (`Team: a@x, b@y;`) opened, those without an address left out. */
export function mailboxes(addresses: readonly Address[] | undefined): InboundAddress[] {
  return (addresses ?? [])
    .flatMap((address) => address.group ?? [address])
    .map((mailbox) => ({ address: withoutNul(mailbox.address).trim().toLowerCase(), name: withoutNul(mailbox.name).trim() || null }))
    .filter((mailbox) => mailbox.address.length > 0);
}

/** The sender: the first mailbox of From. */
export function firstMailbox(address: Address | undefined): InboundAddress | null {
  return mailboxes(address ? [address] : [])[0] ?? null;
}
