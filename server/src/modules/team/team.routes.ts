import {
  idempotencyHeadersSchema,
  invitationInputSchema,
  invitationLookupQuerySchema,
  invitationLookupSchema,
  memberRoleInputSchema,
  sentInvitationSchema,
  teamIdParamsSchema,
  teamMemberSchema,
  teamViewSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AccountMailer } from '../../auth/account-mail';
import type { Db } from '../../db/client';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';
import type { MailDeps } from '../mail/mail-deps';

import { lookUpInvitation } from './invitation-lookup';
import { inviteMember, resendInvitation, revokeInvitation } from './invitations';
import { changeMemberRole, leaveOrganisation, removeMember } from './members';
import { readTeam } from './team-records';

interface TeamRouteOptions {
  mailer: AccountMailer;
  /** The organisation's own mail server, for its invitations (decision 0046). */
  mail: Pick<MailDeps, 'secrets' | 'timeouts' | 'outbound'>;
  publicUrl: string;
}

const now = () => new Date();

/**
 * Settings → Team (decision 0025). Team writes change better-auth's tables directly, on the pool,
 * each with its audit entry in the same transaction; they take no Idempotency-Key (the claim's
 * transaction runs in the organisation's role, which cannot reach those tables), and each is safe
 * to repeat: a second invitation to the same address is a 409, a second removal a 404.
 */
const teamPlugin: FastifyPluginAsyncZod<TeamRouteOptions> = async (r, options) => {
  type Org = { db: Db; orgId: string; actorId: string };
  const scope = (org: Org) => ({ db: org.db, orgId: org.orgId, actorId: org.actorId, now });
  const mailing = (org: Org) => ({ ...scope(org), mailer: options.mailer, mail: options.mail, publicUrl: options.publicUrl });

  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['team'],
      summary: 'The organisation’s members and the invitations not yet accepted',
      response: { 200: teamViewSchema, ...readErrorResponses },
    },
    handler: (request) => readTeam(scope(request.org)),
  });

  r.post('/invitations', {
    schema: {
      tags: ['team'],
      summary: 'Invite someone by email with a role; answers the link and how the email went (owner)',
      headers: idempotencyHeadersSchema,
      body: invitationInputSchema,
      response: { 201: sentInvitationSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await inviteMember(mailing(request.org), request.body)),
  });

  r.post('/invitations/:id/resend', {
    schema: {
      tags: ['team'],
      summary: 'Send an invitation again, its link working for another week (owner)',
      headers: idempotencyHeadersSchema,
      params: teamIdParamsSchema,
      response: { 200: sentInvitationSchema, ...writeErrorResponses },
    },
    handler: (request) => resendInvitation(mailing(request.org), request.params.id),
  });

  r.delete('/invitations/:id', {
    schema: {
      tags: ['team'],
      summary: 'Withdraw an invitation: its link stops working (owner)',
      headers: idempotencyHeadersSchema,
      params: teamIdParamsSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await revokeInvitation(scope(request.org), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.put('/members/:id/role', {
    schema: {
      tags: ['team'],
      summary: 'Change a member’s role; the only owner cannot be made less (owner)',
      headers: idempotencyHeadersSchema,
      params: teamIdParamsSchema,
      body: memberRoleInputSchema,
      response: { 200: teamMemberSchema, ...writeErrorResponses },
    },
    handler: (request) => changeMemberRole(scope(request.org), request.params.id, request.body),
  });

  r.delete('/members/:id', {
    schema: {
      tags: ['team'],
      summary: 'Remove a member from the organisation; the only owner cannot be removed (owner)',
      headers: idempotencyHeadersSchema,
      params: teamIdParamsSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await removeMember(scope(request.org), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/leave', {
    schema: {
      tags: ['team'],
      summary: 'Leave the organisation; its only owner cannot',
      headers: idempotencyHeadersSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await leaveOrganisation(scope(request.org));
      return reply.code(204).send(null);
    },
  });
};

/** `GET /api/invitations/:id`, public: the accept page's view of an invitation (decision 0025). */
const invitationLookupPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (r, options) => {
  r.get('/:id', {
    schema: {
      tags: ['team'],
      summary: 'An invitation as its accept page shows it: organisation, address, role, and whether it still works',
      params: teamIdParamsSchema,
      querystring: invitationLookupQuerySchema,
      response: { 200: invitationLookupSchema, ...readErrorResponses },
    },
    handler: (request) => lookUpInvitation({ db: options.db, now }, request.params.id, request.query.token),
  });
};

export const teamRoutes = defineRoutes({
  prefix: '/team',
  needs: ({ accountMail, mail, config }) => ({ mailer: accountMail, mail, publicUrl: config.publicUrl }),
  plugin: teamPlugin,
});

export const invitationLookupRoutes = defineRoutes({ prefix: '/invitations', public: true, needs: ({ db }) => ({ db }), plugin: invitationLookupPlugin });
