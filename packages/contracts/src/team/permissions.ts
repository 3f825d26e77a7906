import { z } from 'zod';

/**
 * Roles in an organisation (decision 0024), lowest first: each can do all the one before it can.
 * A member chases: reads everything, keeps contacts and tags, pauses and resumes, cancels or sends
 * one email, works the replies. An admin runs the chasing: workflows, templates, sending and mail
 * settings, integrations, imports, bulk actions, customers' records and money. An owner also keeps
 * the team and may delete the organisation.
 */
export const ROLES = ['member', 'admin', 'owner'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = { member: 'Member', admin: 'Admin', owner: 'Owner' };

/** What a role may do, by the least role that may do it: the one table the API enforces and the screens read. */
export const PERMISSIONS = {
  /** Reads sent as POST (previews): anyone who may read. */
  read: 'member',
  contacts: 'member',
  tags: 'member',
  pause: 'member',
  /** Cancel one planned email, send one now, send a template to oneself. */
  send_one: 'member',
  /** Read, attach and act on customers' replies. */
  replies: 'member',
  /** Customers' records, invoices and payments. */
  customers: 'admin',
  bulk: 'admin',
  imports: 'admin',
  workflows: 'admin',
  templates: 'admin',
  /** Chasing settings, the mail server, the sender, replies' domain, DKIM, the sending mode. */
  settings: 'admin',
  integrations: 'admin',
  /** Leave the organisation (its last owner cannot: decision 0025). */
  leave: 'member',
  /** Invite, re-send or withdraw invitations; change roles; remove members. */
  team: 'owner',
  organisation: 'owner',
} as const satisfies Record<string, Role>;
export type Permission = keyof typeof PERMISSIONS;

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** Whether `role` may do what `permission` names. */
export const can = (role: Role, permission: Permission): boolean => RANK[role] >= RANK[PERMISSIONS[permission]];

/** The highest of the roles a membership lists (better-auth keeps several as "admin,member"); null when none is known. */
export function highestRole(value: string | null | undefined): Role | null {
  const known = (value ?? '').split(',').map((r) => r.trim()).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return known.reduce<Role | null>((best, r) => (best === null || RANK[r] > RANK[best] ? r : best), null);
}

/**
 * Every signed-in write route (method and path as the router knows them) and what it needs. The
 * API refuses to start with a write route missing here, and answers 403 naming the role when the
 * caller's is too low; the role matrix test walks this table against the router.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'POST /api/accounts/:id/disconnect': 'integrations',
  'POST /api/accounts/:id/sync': 'integrations',
  'POST /api/customers/': 'customers',
  'POST /api/customers/bulk': 'bulk',
  'PUT /api/customers/:id/': 'customers',
  'POST /api/customers/:id/contact': 'contacts',
  'POST /api/customers/:id/notes/': 'customers',
  'POST /api/customers/:id/pause': 'pause',
  'POST /api/customers/:id/resume': 'pause',
  'PUT /api/customers/:id/tags': 'tags',
  'POST /api/emails/': 'templates',
  'POST /api/emails/preview/': 'read',
  'DELETE /api/emails/:id': 'templates',
  'PUT /api/emails/:id/': 'templates',
  'POST /api/emails/:id/send_to_me': 'send_one',
  'POST /api/events/execute/:eventId/': 'send_one',
  'POST /api/events/:id/cancel/': 'send_one',
  // Each email is what Send now or Cancel does to one; a member may do them one by one (decision 0045).
  'POST /api/events/bulk': 'send_one',
  'POST /api/generate-template/': 'templates',
  'POST /api/imports/': 'imports',
  'DELETE /api/imports/:id/': 'imports',
  'POST /api/imports/:id/check': 'imports',
  'POST /api/imports/:id/start': 'imports',
  'POST /api/inbound/:id/assign': 'replies',
  'POST /api/inbound/:id/read': 'replies',
  'POST /api/inbound/:id/triage': 'replies',
  'POST /api/inbound/:id/answer': 'replies',
  'PUT /api/notes/:id/': 'customers',
  'DELETE /api/notes/:id/': 'customers',
  'POST /api/notes/:id/follow-up-done': 'customers',
  'POST /api/invoices/': 'customers',
  'PUT /api/invoices/:id/': 'customers',
  'DELETE /api/organisation/': 'organisation',
  'PUT /api/organisation/profile': 'settings',
  'PUT /api/organisation/letterhead': 'settings',
  'POST /api/payments/': 'customers',
  'PUT /api/settings/chasing': 'settings',
  'DELETE /api/settings/email/dkim': 'settings',
  'POST /api/settings/email/dkim': 'settings',
  'PUT /api/settings/email/inbound': 'settings',
  'POST /api/settings/email/inbound-secret': 'settings',
  'PUT /api/settings/email/mail-server': 'settings',
  'POST /api/settings/email/mail-server/test': 'settings',
  'PUT /api/settings/email/sender': 'settings',
  'PUT /api/settings/email/sending-mode': 'settings',
  'POST /api/stripe/complete/': 'integrations',
  'POST /api/stripe/connect/': 'integrations',
  'POST /api/tags': 'tags',
  'POST /api/team/invitations': 'team',
  'DELETE /api/team/invitations/:id': 'team',
  'POST /api/team/invitations/:id/resend': 'team',
  'POST /api/team/leave': 'leave',
  'DELETE /api/team/members/:id': 'team',
  'PUT /api/team/members/:id/role': 'team',
  'POST /api/workflows/': 'workflows',
  'PUT /api/workflows/': 'workflows',
  'POST /api/workflows/action/': 'workflows',
  'DELETE /api/workflows/action/:id/': 'workflows',
  'DELETE /api/workflows/:id/': 'workflows',
  'POST /api/workflows/:workflowId/preview/:customerId/': 'read',
};

/** `403`'s words: what the action needs and what the caller has. */
export function roleRefusal(needed: Role, has: Role): string {
  const article = (r: Role) => (r === 'admin' || r === 'owner' ? 'an' : 'a');
  return `This needs ${article(needed)} ${ROLE_LABELS[needed].toLowerCase()} of the organisation, or more; you are ${article(has)} ${ROLE_LABELS[has].toLowerCase()}`;
}
