import type { CustomerDetail, CustomerPause, PauseReason } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationToday } from '../../org/organisation-today';
import { recordAudit } from '../../org/record-audit';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { getCustomer } from './get-customer';
import { requireCustomer } from './require-customer';

/** A pause ends after the organisation's today, or never (null); else a 400 on `field`. */
export function requirePauseEndInFuture(until: string | null, today: string, field = 'until'): void {
  if (until !== null && until <= today) {
    throw new AppError('VALIDATION_FAILED', 'The pause must end in the future', [{ field, reason: `must be after ${today}` }]);
  }
}

/** Why the system paused a customer, and the received email that did (decision 0021); absent when a person did. */
export interface PauseCause {
  reason: PauseReason;
  eventId: string | null;
}

/**
 * Stop chasing a customer until `until` (a future date) or indefinitely (null). Its figures keep
 * being derived; its standing stays `paused` until the date passes or it is resumed.
 */
export async function pauseCustomer(
  deps: OrgScope & { today?: string },
  id: string,
  input: CustomerPause,
  cause?: PauseCause,
): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    requirePauseEndInFuture(input.until, today);
    const current = await requireCustomer(tx, deps.orgId, id, { lock: true });
    await tx
      .update(customer)
      .set({
        standing: 'paused',
        // A paused customer paused again keeps the date it was first paused.
        standingSince: current.standing === 'paused' ? current.standingSince : sql`now()`,
        pausedUntil: input.until,
        pauseReason: cause?.reason ?? null,
        pauseEventId: cause?.eventId ?? null,
      })
      .where(and(eq(customer.orgId, deps.orgId), eq(customer.id, id)));
    // Its planned emails are superseded at once (decision 0018).
    await reconcileCustomers(tx, deps.orgId, [id], new Date());
    await recordAudit(tx, deps, {
      action: 'customer.pause',
      entity: 'customer',
      entityId: id,
      customerId: id,
      before: { standing: current.standing, paused_until: current.pausedUntil },
      after: { standing: 'paused', paused_until: input.until, ...(cause ? { reason: cause.reason, event_id: cause.eventId } : {}) },
    });
    return getCustomer({ db: tx, orgId: deps.orgId, today }, id);
  });
}
