import type { SuggestedCustomer } from '@receivables/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { contact, customer } from '../../db/schema';

import { domainOf, isFreeMailDomain } from './free-mail-domains';

/** `like` pattern for an address ending "@domain", its wildcards taken literally. */
const endingAt = (domain: string): string => `%@${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`;

/**
 * The customer an unassigned message looks like it is from (decision 0044): the sender's domain
 * is that of a contact of exactly ONE customer, and not a free-mail domain. Two customers with
 * contacts there (a group's companies, an outsourced accounts office) offer neither: a one-click
 * attach must not be a coin toss, and the picker is there for the rest. The contacts are read by
 * their lower-cased address's trigram index (contact_email_trgm_idx), so a large book stays quick.
 */
export async function suggestCustomerFor(tx: Tx, orgId: string, fromAddress: string | null): Promise<SuggestedCustomer | null> {
  const domain = fromAddress ? domainOf(fromAddress) : null;
  if (!domain || isFreeMailDomain(domain)) return null;
  const found = await tx
    .select({ customerId: customer.id, name: customer.name, email: sql<string>`min(${contact.email})` })
    .from(contact)
    .innerJoin(customer, and(eq(customer.orgId, contact.orgId), eq(customer.id, contact.customerId)))
    .where(and(eq(contact.orgId, orgId), sql`lower(${contact.email}) like ${endingAt(domain)}`))
    .groupBy(customer.id, customer.name)
    .orderBy(asc(customer.name))
    .limit(2);
  const [only] = found;
  if (!only || found.length > 1) return null;
  return { customer_id: only.customerId, name: only.name, contact_email: only.email, domain };
}

/** The suggestion for each unassigned message of a page (few: one query per sender domain). */
export async function suggestCustomers(
  tx: Tx,
  orgId: string,
  messages: { id: string; customerId: string | null; fromAddress: string | null }[],
): Promise<Map<string, SuggestedCustomer>> {
  const byDomain = new Map<string, SuggestedCustomer | null>();
  const suggestions = new Map<string, SuggestedCustomer>();
  for (const m of messages) {
    if (m.customerId !== null || !m.fromAddress) continue;
    const domain = domainOf(m.fromAddress);
    if (!domain) continue;
    if (!byDomain.has(domain)) byDomain.set(domain, await suggestCustomerFor(tx, orgId, m.fromAddress));
    const suggestion = byDomain.get(domain);
    if (suggestion) suggestions.set(m.id, suggestion);
  }
  return suggestions;
}
