import {
  letterheadSchema,
  letterheadUpdateSchema,
  organisationDeleteSchema,
  organisationProfileSchema,
  organisationProfileUpdateSchema,
  organisationViewSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { type SchedulingQueue, thenSchedule } from '../../org/scheduling-queue';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { deleteOrganisation } from './delete-organisation';
import { getLetterhead } from './get-letterhead';
import { getOrganisationProfile } from './get-organisation-profile';
import { getOrganisationView } from './get-organisation-settings';
import { updateLetterhead } from './update-letterhead';
import { updateOrganisationProfile } from './update-organisation-profile';

const tags = ['organisation'];

/**
 * `/api/organisation/`: the caller's organisation as every screen needs it and what they are in
 * it; its profile and letterhead (Settings → Organisation); and its deletion by the owner (decision 0028).
 */
const organisationPlugin: FastifyPluginAsyncZod<{ scheduling: SchedulingQueue }> = async (r, { scheduling }) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags,
      summary: 'The organisation’s time zone (which decides “today”), default currency, sending mode, and the caller’s role in it',
      response: { 200: organisationViewSchema, ...readErrorResponses },
    },
    handler: async (request) => ({ ...(await getOrganisationView(request.org)), role: request.org.role }),
  });

  r.get('/profile', {
    schema: {
      tags,
      summary: 'The organisation’s name, default currency, country or region for public holidays, and time zone',
      response: { 200: organisationProfileSchema, ...readErrorResponses },
    },
    handler: (request) => getOrganisationProfile(request.org),
  });

  // No Idempotency-Key: the body is the whole profile, so sending it again changes nothing (and
  // writes no second audit entry); and the name is better-auth's, which the key's transaction
  // (run as the app role) could not write.
  r.put('/profile', {
    schema: {
      tags,
      summary: 'Rename the organisation, or change its default currency, public holidays or time zone',
      body: organisationProfileUpdateSchema,
      response: { 200: organisationProfileSchema, ...writeErrorResponses },
    },
    // The time zone and the holidays move the send calendar, and so every customer's plan.
    handler: (request) => updateOrganisationProfile(request.org, request.body).then(thenSchedule(scheduling, request.org.orgId)),
  });

  r.get('/letterhead', {
    schema: {
      tags,
      summary: 'The company details every email’s footer shows (registered name, number, office, VAT number) and its logo',
      response: { 200: letterheadSchema, ...readErrorResponses },
    },
    handler: (request) => getLetterhead(request.org),
  });

  // The whole letterhead, like the profile: sending it again changes nothing, so no Idempotency-Key.
  // Its own route, not the profile's: it moves no calendar, and a rename need not resend the logo.
  r.put('/letterhead', {
    schema: {
      tags,
      summary: 'Set the company details and logo every email carries; a field it refuses is a 422 naming it',
      body: letterheadUpdateSchema,
      response: { 200: letterheadSchema, ...writeErrorResponses },
    },
    handler: (request) => updateLetterhead(request.org, request.body),
  });

  r.delete('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags,
      summary: 'Delete the organisation and all its data (its owner only), confirmed by its name',
      body: organisationDeleteSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await deleteOrganisation(request.org, request.body);
      // Its own audit log goes with it: this line is what remains of who deleted it.
      request.log.info({ orgId: request.org.orgId, actorId: request.org.actorId }, 'organisation deleted');
      return reply.code(204).send(null);
    },
  });
};

export const organisationRoutes = defineRoutes({ prefix: '/organisation', needs: ({ queues }) => ({ scheduling: queues.scheduling }), plugin: organisationPlugin });
