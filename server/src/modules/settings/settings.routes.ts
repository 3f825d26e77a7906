import {
  chasingSettingsSchema,
  chasingSettingsUpdateSchema,
  holidayRegionListSchema,
  idempotencyHeadersSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { withOrg } from '../../db/client';
import { readChasingContext } from '../../org/read-chasing-settings';
import { type SchedulingQueue, thenSchedule } from '../../org/scheduling-queue';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { listHolidayRegions } from './holiday-regions';
import { updateChasingSettings } from './update-chasing-settings';

/** Settings → Chasing: when reminders may go out. */
const settingsPlugin: FastifyPluginAsyncZod<{ scheduling: SchedulingQueue }> = async (r, { scheduling }) => {
  r.get('/chasing', {
    schema: { tags: ['settings'], summary: 'When reminders may go out', response: { 200: chasingSettingsSchema, ...readErrorResponses } },
    handler: async (request) =>
      (await withOrg(request.org.db, request.org.orgId, (tx) => readChasingContext(tx, request.org.orgId))).settings,
  });

  r.put('/chasing', {
    schema: {
      tags: ['settings'],
      summary: 'Change the send window, working days and weekly cap (the time zone and holidays: PUT /api/organisation/profile)',
      headers: idempotencyHeadersSchema,
      body: chasingSettingsUpdateSchema,
      response: { 200: chasingSettingsSchema, ...writeErrorResponses },
    },
    // The send calendar and the cap move every customer's plan: reconciled by the organisation's pass.
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 200, body: await updateChasingSettings(org, request.body) }))
        .then(thenSchedule(scheduling, request.org.orgId)),
  });

  r.get('/holiday-regions', {
    schema: {
      tags: ['settings'],
      summary: 'Countries and regions whose public holidays can be skipped',
      response: { 200: holidayRegionListSchema, ...readErrorResponses },
    },
    handler: () => {
      const rows = listHolidayRegions();
      return { rows, total: rows.length };
    },
  });
};

export const settingsRoutes = defineRoutes({ prefix: '/settings', needs: ({ queues }) => ({ scheduling: queues.scheduling }), plugin: settingsPlugin });
