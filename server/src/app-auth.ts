import type { AccountMailer } from './auth/account-mail';
import { type Auth, createAuth } from './auth/create-auth';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { setDefaultHolidays } from './modules/settings/set-default-holidays';
import { isInvitationToken } from './modules/team/invitation-token';
import { createStarterWorkflow } from './modules/workflows/create-starter-workflow';
import { recordAudit } from './org/record-audit';

/**
 * better-auth wired to the product: auth/ knows no domain module, so what a new organisation starts
 * with, and what the audit log says when someone joins one, is given here, once, for the app, the
 * first start's demo seed and the tests alike.
 */
export function createAppAuth(db: Db, config: AppConfig, mailer: AccountMailer): Auth {
  return createAuth(db, config, mailer, {
    organisationCreated: async (tx, orgId) => {
      await setDefaultHolidays(tx, orgId);
      await createStarterWorkflow(tx, orgId);
    },
    isInvitationToken: (invitationId, token) => isInvitationToken(db, invitationId, token),
    // Joining is better-auth's (decision 0025); the audit log still says who joined, and as what.
    memberJoined: (tx, joined) =>
      recordAudit(tx, { orgId: joined.orgId, actorId: joined.userId }, {
        action: 'team.member.join',
        entity: 'member',
        entityId: joined.memberId,
        customerId: null,
        before: null,
        after: { name: joined.name, email: joined.email, role: joined.role },
      }),
  });
}
