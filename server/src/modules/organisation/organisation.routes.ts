import { organisationSettingsSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';

import { getOrganisationSettings } from './get-organisation-settings';

/** `GET /api/organisation/`: the caller's organisation, as every screen needs it. */
export const organisationRoutes: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['organisation'],
      summary: 'The organisation’s time zone (which decides “today”) and default currency',
      response: { 200: organisationSettingsSchema, ...readErrorResponses },
    },
    handler: (request) => getOrganisationSettings(request.org),
  });
};
