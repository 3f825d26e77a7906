import { auditRoutes } from './modules/audit/audit.routes';
import { customerActionsRoutes } from './modules/customers/customer-actions.routes';
import { customerBulkRoutes } from './modules/customers/customer-bulk.routes';
import { customerExportRoutes } from './modules/customers/customer-export.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { emailsRoutes } from './modules/emails/emails.routes';
import { generateTemplateRoutes } from './modules/emails/generate-template.routes';
import { chaseCalendarRoutes } from './modules/events/chase-calendar.routes';
import { eventBulkRoutes } from './modules/events/event-bulk.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { executeEventRoutes } from './modules/events/execute-event.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { importUploadRoutes } from './modules/imports/import-upload.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { inboundWebhookRoutes } from './modules/inbound/inbound-webhook.routes';
import { inboundRoutes } from './modules/inbound/inbound.routes';
import { instanceRoutes } from './modules/instance/instance.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { emailSettingsRoutes } from './modules/mail/email-settings.routes';
import { customerNotesRoutes, notesRoutes } from './modules/notes/notes.routes';
import { organisationRoutes } from './modules/organisation/organisation.routes';
import { customerPaymentsRoutes, paymentsRoutes } from './modules/payments/payments.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { accountsRoutes, stripeRoutes, stripeWebhookRoutes } from './modules/stripe/stripe.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { invitationLookupRoutes, teamRoutes } from './modules/team/team.routes';
import { timelineRoutes } from './modules/timeline/timeline.routes';
import { customerPlanRoutes } from './modules/workflows/customer-plan.routes';
import { workflowsRoutes } from './modules/workflows/workflows.routes';
import { betterAuthRoutes } from './plugins/better-auth.routes';
import type { RouteDefinition } from './plugins/route-definition';

/**
 * Every route module of the API, the only list: a new domain is one line here
 * (docs/adding-a-domain.md). Each `*.routes.ts` says its own prefix under /api, what it needs from
 * the app and whether it is public (defineRoutes); members-only is the default, and a public one
 * must be in PUBLIC_API_PATHS (contracts). A collection route (`'/'`) that the API documents with a
 * trailing slash (`/api/customers/`) says `prefixTrailingSlash: 'slash'`; the router answers both
 * forms either way (ignoreTrailingSlash).
 */
export const API_ROUTES: readonly RouteDefinition[] = [
  healthRoutes,
  betterAuthRoutes,
  instanceRoutes,
  invitationLookupRoutes,
  inboundWebhookRoutes,
  stripeWebhookRoutes,
  customersRoutes,
  homeRoutes,
  customerActionsRoutes,
  customerBulkRoutes,
  customerExportRoutes,
  customerPaymentsRoutes,
  customerNotesRoutes,
  timelineRoutes,
  customerPlanRoutes,
  organisationRoutes,
  tagsRoutes,
  teamRoutes,
  deliveryRoutes,
  invoicesRoutes,
  paymentsRoutes,
  notesRoutes,
  importsRoutes,
  importUploadRoutes,
  emailsRoutes,
  generateTemplateRoutes,
  workflowsRoutes,
  chaseCalendarRoutes,
  eventsRoutes,
  executeEventRoutes,
  eventBulkRoutes,
  settingsRoutes,
  inboundRoutes,
  stripeRoutes,
  accountsRoutes,
  emailSettingsRoutes,
  auditRoutes,
];
