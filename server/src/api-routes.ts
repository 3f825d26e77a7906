import type { FastifyInstance } from 'fastify';

import type { DeliverySettings } from './config';
import { auditRoutes } from './modules/audit/audit.routes';
import { customerActionsRoutes } from './modules/customers/customer-actions.routes';
import type { CustomerBulkQueue } from './modules/customers/customer-bulk-queue';
import { customerBulkRoutes } from './modules/customers/customer-bulk.routes';
import { customerExportRoutes } from './modules/customers/customer-export.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { emailsRoutes } from './modules/emails/emails.routes';
import { generateTemplateRoutes } from './modules/emails/generate-template.routes';
import { chaseCalendarRoutes } from './modules/events/chase-calendar.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { executeEventRoutes } from './modules/events/execute-event.routes';
import type { ImportQueue } from './modules/imports/import-queue';
import { importUploadRoutes } from './modules/imports/import-upload.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { inboundRoutes } from './modules/inbound/inbound.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { emailSettingsRoutes } from './modules/mail/email-settings.routes';
import type { MailDeps } from './modules/mail/mail-deps';
import { organisationRoutes } from './modules/organisation/organisation.routes';
import { customerPaymentsRoutes, paymentsRoutes } from './modules/payments/payments.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import type { StripeSyncQueue } from './modules/stripe/account-record';
import type { StripeDeps } from './modules/stripe/stripe-client';
import { accountsRoutes, stripeRoutes } from './modules/stripe/stripe.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { teamRoutes, type TeamRouteOptions } from './modules/team/team.routes';
import { timelineRoutes } from './modules/timeline/timeline.routes';
import { customerPlanRoutes } from './modules/workflows/customer-plan.routes';
import { workflowsRoutes } from './modules/workflows/workflows.routes';
import type { SchedulingQueue } from './org/scheduling-queue';

/** What route plugins may need beyond `request.org`: ports to the worker, limits from config. */
export interface ApiRouteDeps {
  /** The sender's bounds, for sending an email by hand (decision 0020). */
  delivery: DeliverySettings;
  imports: ImportQueue;
  /** Runs bulk actions over every match in the background (decision 0008). */
  bulk: CustomerBulkQueue;
  /** Reconciles an organisation's chasing in the background after a workflow or settings change. */
  scheduling: SchedulingQueue;
  importMaxBytes: number;
  /** The secrets key, the default mail server and the SMTP timeouts, for Settings → Email. */
  mail: MailDeps;
  /** Connecting Stripe and syncing it (decision 0022). */
  stripe: StripeDeps & { syncs: StripeSyncQueue; trustedOrigins: readonly string[] };
  /** Invitations' emails and links (decision 0025). */
  team: TeamRouteOptions;
}

/**
 * Every signed-in API route plugin and where it is mounted. `api` is the bearer-guarded scope
 * (app.ts), so each route has `request.org` and none can forget authentication. A new domain is
 * one line here (docs/adding-a-domain.md). A collection route (`'/'`) that the API documents with
 * a trailing slash (`/api/customers/`) says `prefixTrailingSlash: 'slash'`; the router answers
 * both forms either way (ignoreTrailingSlash).
 */
export async function registerApiRoutes(api: FastifyInstance, deps: ApiRouteDeps): Promise<void> {
  await api.register(customersRoutes, { prefix: '/customers' });
  await api.register(customerActionsRoutes, { prefix: '/customers' });
  await api.register(customerBulkRoutes, { prefix: '/customers', bulk: deps.bulk });
  await api.register(customerExportRoutes, { prefix: '/customers' });
  await api.register(customerPaymentsRoutes, { prefix: '/customers' });
  await api.register(timelineRoutes, { prefix: '/customers' });
  await api.register(customerPlanRoutes, { prefix: '/customers' });
  await api.register(organisationRoutes, { prefix: '/organisation', scheduling: deps.scheduling });
  await api.register(tagsRoutes, { prefix: '/tags' });
  await api.register(teamRoutes, { prefix: '/team', ...deps.team });
  await api.register(deliveryRoutes, { mail: deps.mail, delivery: deps.delivery, stripe: deps.stripe.stripe });
  await api.register(invoicesRoutes, { prefix: '/invoices' });
  await api.register(paymentsRoutes, { prefix: '/payments' });
  await api.register(importsRoutes, { prefix: '/imports', imports: deps.imports });
  await api.register(importUploadRoutes, { prefix: '/imports', maxBytes: deps.importMaxBytes });
  await api.register(emailsRoutes, { prefix: '/emails' });
  await api.register(generateTemplateRoutes, { prefix: '/generate-template' });
  await api.register(workflowsRoutes, { prefix: '/workflows', scheduling: deps.scheduling });
  await api.register(chaseCalendarRoutes, { prefix: '/workflows' });
  await api.register(eventsRoutes, { prefix: '/events', instanceSmtpUrl: deps.mail.instanceSmtpUrl });
  await api.register(executeEventRoutes, { prefix: '/events', mail: deps.mail, delivery: deps.delivery, stripe: deps.stripe.stripe });
  await api.register(settingsRoutes, { prefix: '/settings', scheduling: deps.scheduling });
  await api.register(inboundRoutes, { prefix: '/inbound', mail: deps.mail, delivery: deps.delivery });
  await api.register(stripeRoutes, { prefix: '/stripe', ...deps.stripe });
  await api.register(accountsRoutes, { prefix: '/accounts', syncs: deps.stripe.syncs });
  await api.register(emailSettingsRoutes, { prefix: '/settings/email', mail: deps.mail, scheduling: deps.scheduling });
  await api.register(auditRoutes, { prefix: '/audit' });
}
