import { organisationViewSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';

import { getOrganisationSettings } from './get-organisation-settings';

/** `GET /api/organisation/`: the caller's organisation, as every screen needs it, and what they are in it. */
export const organisationRoutes: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['organisation'],
      summary: 'The organisation’s time zone (which decides “today”), default currency, and the caller’s role in it',
      response: { 200: organisationViewSchema, ...readErrorResponses },
    },
    handler: async (request) => ({ ...(await getOrganisationSettings(request.org)), role: request.org.role }),
  });
};
