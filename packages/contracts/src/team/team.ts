import { z } from 'zod';

import { emailAddressSchema } from '../common/email';

import { roleSchema } from './permissions';

/** How long an invitation's link works (decision 0025). */
export const INVITATION_LIFETIME_DAYS = 7;

/** One person in the organisation, as Settings → Team lists them. */
export const teamMemberSchema = z.object({
  /** The membership (not the user): what role changes and removals name. */
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joined_at: z.iso.datetime(),
  /** The signed-in person's own row. */
  is_you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * Where an invitation stands: `pending` until accepted or withdrawn, `expired` once its link has
 * stopped working unaccepted; accepted ones become members, revoked ones leave the list.
 */
export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const teamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  /** Who sent it; null once they have left. */
  invited_by: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /api/team/`: the members, and the invitations not yet accepted (pending or expired), newest first. */
export const teamViewSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** `POST /api/team/invitations`. */
export const invitationInputSchema = z.object({
  email: emailAddressSchema,
  role: roleSchema,
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/**
 * How the invitation email left: `sent` through the instance's mail server, `logged` (no mail
 * server, not production: its link is in the server log), `not_sent` (no mail server in
 * production), `failed` (the mail server refused it). The link is answered either way, for the
 * owner to pass on by hand.
 */
export const INVITATION_DELIVERIES = ['sent', 'logged', 'not_sent', 'failed'] as const;
export const invitationDeliverySchema = z.enum(INVITATION_DELIVERIES);
export type InvitationDelivery = z.infer<typeof invitationDeliverySchema>;

export const sentInvitationSchema = z.object({
  invitation: teamInvitationSchema,
  link: z.url(),
  delivery: invitationDeliverySchema,
  /**
   * Which mail server the email went to (or was refused by): the organisation's own (Settings →
   * Email, when it sends), else the installation's; null when there was none to try (decision 0046).
   */
  mail_server: z.enum(['organisation', 'instance']).nullable(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

/** `PUT /api/team/members/:id/role`. */
export const memberRoleInputSchema = z.object({ role: roleSchema });
export type MemberRoleInput = z.infer<typeof memberRoleInputSchema>;

/** `GET /api/invitations/:id`, public: what the accept page shows before anyone signs in. */
export const invitationLookupSchema = z.object({
  organisation_name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  invited_by: z.string().nullable(),
  expires_at: z.iso.datetime(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** `GET /api/invitations/{id}?token=`: the link's secret, without which an invitation is not found (decision 0025). */
export const invitationLookupQuerySchema = z.object({
  token: z.string().regex(/^[\w-]{1,200}$/, 'must be the token from the invitation link'),
});
export type InvitationLookupQuery = z.infer<typeof invitationLookupQuerySchema>;

/** `:id` of a membership or an invitation. */
export const teamIdParamsSchema = z.object({ id: z.uuid() });
