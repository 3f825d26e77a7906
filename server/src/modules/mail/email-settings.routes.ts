import {
  dkimKeyCreateSchema,
  dkimKeySchema,
  emailSettingsSchema,
  idempotencyHeadersSchema,
  inboundSecretSchema,
  inboundSettingsUpdateSchema,
  mailServerTestResultSchema,
  mailServerUpdateSchema,
  senderSettingsUpdateSchema,
  sendingModeStateSchema,
  sendingModeUpdateSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { withOrg } from '../../db/client';
import { type SchedulingQueue, thenSchedule } from '../../org/scheduling-queue';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';


import { createDkimKey } from './create-dkim-key';
import { deleteDkimKey } from './delete-dkim-key';
import { createInboundSecret, updateInboundSettings } from './inbound-settings';
import type { MailDeps } from './mail-deps';
import { readEmailSettings, readSendingModeState } from './read-email-settings';
import { testMailServer } from './test-mail-server';
import { updateMailServer } from './update-mail-server';
import { updateSenderSettings } from './update-sender-settings';
import { updateSendingMode } from './update-sending-mode';

const tags = ['settings'];

/** Settings → Email (decision 0019): sender, mail server, DKIM and the sending mode. No answer holds a secret. */
type EmailSettingsRouteOptions = { mail: MailDeps; scheduling: SchedulingQueue };

const emailSettingsPlugin: FastifyPluginAsyncZod<EmailSettingsRouteOptions> = async (r, { mail, scheduling }) => {
  r.get('/', {
    schema: {
      tags,
      summary: 'Who reminders are from, the mail server, the DKIM key and the sending mode',
      response: { 200: emailSettingsSchema, ...readErrorResponses },
    },
    handler: (request) => withOrg(request.org.db, request.org.orgId, (tx) => readEmailSettings(tx, request.org.orgId, mail)),
  });

  r.put('/sender', {
    schema: {
      tags,
      summary: 'Change the from name and address, the reply-to domain and the signature (no line breaks in a header field)',
      headers: idempotencyHeadersSchema,
      body: senderSettingsUpdateSchema,
      response: { 200: emailSettingsSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 200, body: await updateSenderSettings(org, mail, request.body) })),
  });

  // No Idempotency-Key: the body may hold a password, and a stored fingerprint of it is one copy too
  // many; a PUT replaces the whole server, so sending it twice leaves the same settings.
  r.put('/mail-server', {
    schema: {
      tags,
      summary: "Use the organisation's own SMTP server, or the server's default one; the password is write-only",
      description: 'Leave `password` out to keep the saved one (same host, port, security and username only), send null for none.',
      body: mailServerUpdateSchema,
      response: { 200: emailSettingsSchema, ...writeErrorResponses },
    },
    handler: (request) => updateMailServer(request.org, mail, request.body),
  });

  r.post('/mail-server/test', {
    schema: {
      tags,
      summary: 'Connect and sign in to a mail server as the sender would, and report its answer (a failed test is ok: false)',
      body: mailServerUpdateSchema,
      response: { 200: mailServerTestResultSchema, ...writeErrorResponses },
    },
    handler: (request) => testMailServer(request.org, mail, request.body),
  });

  r.post('/dkim', {
    schema: {
      tags,
      summary: 'Generate a 2048-bit DKIM key for a domain and selector (replacing any earlier one) and answer the DNS record to publish',
      headers: idempotencyHeadersSchema,
      body: dkimKeyCreateSchema,
      response: { 201: dkimKeySchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 201, body: await createDkimKey(org, mail, request.body) })),
  });

  r.delete('/dkim', {
    schema: { tags, summary: 'Forget the DKIM key: mail goes out unsigned', response: { 204: z.null(), ...writeErrorResponses } },
    handler: async (request, reply) => {
      await deleteDkimKey(request.org);
      return reply.code(204).send(null);
    },
  });

  r.put('/inbound', {
    schema: {
      tags,
      summary: 'Whether a customer’s reply pauses its chasing (decision 0021)',
      headers: idempotencyHeadersSchema,
      body: inboundSettingsUpdateSchema,
      response: { 200: emailSettingsSchema.shape.inbound, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateInboundSettings(org, request.body, mail.publicUrl),
      })),
  });

  // No Idempotency-Key: the answer is the secret itself, which must not be stored to replay it.
  r.post('/inbound-secret', {
    schema: {
      tags,
      summary: 'Make a new secret for the inbound webhook, replacing the old one at once; shown this once',
      response: { 201: inboundSecretSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => reply.status(201).send(await createInboundSecret(request.org, mail.publicUrl)),
  });

  r.get('/sending-mode', {
    schema: {
      tags,
      summary: 'The sending mode, what sending still needs, and how many emails are due in the next 24 hours',
      response: { 200: sendingModeStateSchema, ...readErrorResponses },
    },
    handler: (request) => withOrg(request.org.db, request.org.orgId, (tx) => readSendingModeState(tx, request.org.orgId, mail)),
  });

  r.put('/sending-mode', {
    schema: {
      tags,
      summary: 'Switch between dry run, sending and disabled (sending needs a mail server and a from address: 422 naming sending_mode)',
      headers: idempotencyHeadersSchema,
      body: sendingModeUpdateSchema,
      response: { 200: sendingModeStateSchema, ...writeErrorResponses },
    },
    // Disabled plans nothing and supersedes what was planned; leaving it plans again: the organisation's pass.
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 200, body: await updateSendingMode(org, mail, request.body.sending_mode) }))
        .then(thenSchedule(scheduling, request.org.orgId)),
  });
};

export const emailSettingsRoutes = defineRoutes({ prefix: '/settings/email', needs: ({ mail, queues }) => ({ mail, scheduling: queues.scheduling }), plugin: emailSettingsPlugin });
