import type { ChaseStanding, EventStatus } from '@receivables/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Db } from '../src/db/client';
import { type EventRecipient, emailTemplate, event, eventStatusChange, orgSettings, workflow, workflowAction } from '../src/db/schema';
import { refreshOrganisationFigures } from '../src/modules/customers/refresh-organisation-figures';
import { scheduleOrganisation } from '../src/modules/scheduling/schedule-organisation';
import { createStarterWorkflow } from '../src/modules/workflows/create-starter-workflow';

import { insertOrganization, withOrg } from './support';

/** One event as a test reads it, with every status it has had (oldest first). */
export interface EventSeen {
  id: string;
  customerId: string;
  status: EventStatus;
  reason: string | null;
  workflowId: string | null;
  actionId: string | null;
  standing: string | null;
  dueDay: string | null;
  scheduledFor: string | null;
  deferred: string[];
  to: EventRecipient[];
  cc: EventRecipient[];
  subject: string | null;
  html: string | null;
  text: string | null;
  dedupeKey: string | null;
  /** What the sender kept (decision 0020). */
  messageId: string | null;
  smtpResponse: string | null;
  error: string | null;
  attempts: number;
  sentAt: string | null;
  claimedAt: string | null;
  nextAttemptAt: string | null;
  history: { status: EventStatus; reason: string | null; actorId: string | null; at: string }[];
}

/**
 * The events table as it is, beneath GET /api/events/ (which shows neither the dedupe key, the
 * due day nor the workflow step these tests assert on): an organisation's or a customer's events
 * in the order they were planned, each with its status history.
 */
export async function readEvents(db: Db, orgId: string, customerId?: string): Promise<EventSeen[]> {
  return withOrg(db, orgId, async (tx) => {
    const rows = await tx
      .select()
      .from(event)
      .where(and(eq(event.orgId, orgId), customerId ? eq(event.customerId, customerId) : undefined))
      .orderBy(asc(event.scheduledFor), asc(event.createdAt), asc(event.id));
    const ids = rows.map((r) => r.id);
    const changes = ids.length === 0
      ? []
      : await tx
        .select()
        .from(eventStatusChange)
        .where(inArray(eventStatusChange.eventId, ids))
        .orderBy(asc(eventStatusChange.at), asc(eventStatusChange.id));
    return rows.map((r) => ({
      id: r.id,
      customerId: r.customerId,
      status: r.status,
      reason: r.statusReason,
      workflowId: r.workflowId,
      actionId: r.workflowActionId,
      standing: r.standing,
      dueDay: r.dueDay,
      scheduledFor: r.scheduledFor?.toISOString() ?? null,
      deferred: r.deferred,
      to: r.toAddresses,
      cc: r.ccAddresses,
      subject: r.subject,
      html: r.html,
      text: r.text,
      dedupeKey: r.dedupeKey,
      messageId: r.messageId,
      smtpResponse: r.smtpResponse,
      error: r.error,
      attempts: r.attempts,
      sentAt: r.sentAt?.toISOString() ?? null,
      claimedAt: r.claimedAt?.toISOString() ?? null,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      history: changes
        .filter((c) => c.eventId === r.id)
        .map((c) => ({ status: c.status, reason: c.reason, actorId: c.actorId, at: c.at.toISOString() })),
    }));
  });
}

/**
 * What the worker does each hour at `now` (figures-refresh.job.ts, then the chasing.schedule pass it
 * sends), for one organisation so tests in one file do not plan each other's customers at their
 * clocks: the figures pass over the days since `figures_as_of`, then the scheduler over the
 * customers due for review only. Then it checks that narrow path missed nothing: a full figures
 * pass changes no customer and a full scheduling pass no event, so a test walking days with it
 * fails on the pass where the worker would have left work undone.
 */
export async function hourlyPass(db: Db, orgId: string, now: Date): Promise<void> {
  await refreshOrganisationFigures(db, orgId, { now });
  await scheduleOrganisation(db, orgId, now, { onlyDue: true });
  const events = await readEvents(db, orgId);
  const figures = await refreshOrganisationFigures(db, orgId, { now, full: true });
  const full = await scheduleOrganisation(db, orgId, now);
  const { created, moved, revived, superseded } = full;
  const missed = { customers: figures.changed, created, moved, revived, superseded };
  expect(missed, `what a full pass still found to do at ${now.toISOString()}`)
    .toEqual({ customers: 0, created: 0, moved: 0, revived: 0, superseded: 0 });
  expect(await readEvents(db, orgId), `the events after a full pass at ${now.toISOString()}`).toEqual(events);
}

export interface ChasingSettingsRow {
  timezone?: string;
  sendWindow?: { days: number[]; start: string; end: string };
  holidayRegion?: string | null;
  weeklyCap?: number;
  sendingMode?: 'sending' | 'dryrun' | 'disabled';
}

/** An organisation with the starter templates and workflow (as sign-up gives), and these settings. */
export async function chasingOrganisation(
  db: Db,
  settings: ChasingSettingsRow = {},
): Promise<{ id: string; templates: Map<string, string> }> {
  const org = await insertOrganization(db);
  await withOrg(db, org.id, async (tx) => {
    await createStarterWorkflow(tx, org.id);
    if (Object.keys(settings).length > 0) await tx.update(orgSettings).set(settings).where(eq(orgSettings.orgId, org.id));
  });
  const templates = await withOrg(db, org.id, (tx) => tx.select({ id: emailTemplate.id, name: emailTemplate.name }).from(emailTemplate));
  return { id: org.id, templates: new Map(templates.map((t) => [t.name, t.id])) };
}

export async function setChasingSettings(db: Db, orgId: string, settings: ChasingSettingsRow): Promise<void> {
  await withOrg(db, orgId, (tx) => tx.update(orgSettings).set(settings).where(eq(orgSettings.orgId, orgId)));
}

/** A workflow of these steps (delay in days, template id), made the default when asked. */
export async function insertWorkflow(
  db: Db,
  orgId: string,
  steps: { standing: ChaseStanding; delay: number; emailId: string }[],
  options: { name?: string; isDefault?: boolean } = {},
): Promise<{ id: string; actions: string[] }> {
  return withOrg(db, orgId, async (tx) => {
    if (options.isDefault) await tx.update(workflow).set({ isDefault: false }).where(eq(workflow.orgId, orgId));
    const [wf] = await tx
      .insert(workflow)
      .values({ orgId, name: options.name ?? `Workflow ${crypto.randomUUID().slice(0, 8)}`, isDefault: options.isDefault ?? false })
      .returning({ id: workflow.id });
    if (!wf) throw new Error('workflow insert returned nothing');
    const positions = new Map<string, number>();
    const actions = steps.length === 0
      ? []
      : await tx
        .insert(workflowAction)
        .values(
          steps.map((s) => {
            const position = positions.get(s.standing) ?? 0;
            positions.set(s.standing, position + 1);
            return { orgId, workflowId: wf.id, standing: s.standing, delayDays: s.delay, emailId: s.emailId, position };
          }),
        )
        .returning({ id: workflowAction.id });
    return { id: wf.id, actions: actions.map((a) => a.id) };
  });
}
