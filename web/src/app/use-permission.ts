import { can, type Permission, PERMISSIONS, type Role } from '@receivables/contracts';

import { useOrganisationSettings } from './api/get-organisation-settings';

/** What each permission lets a person do, as the sentence saying they cannot ends. */
const PERMISSION_WORDS: Record<Permission, string> = {
  read: 'see this',
  contacts: 'change contacts',
  tags: 'change tags',
  pause: 'pause or resume chasing',
  send_one: 'send or cancel an email',
  replies: 'act on replies',
  customers: 'add or change customers, invoices and payments',
  bulk: 'change customers in bulk',
  imports: 'import customers',
  workflows: 'change workflows',
  templates: 'change email templates',
  settings: 'change these settings',
  integrations: 'connect or disconnect integrations',
  leave: 'leave the organisation',
  team: 'manage the team',
  organisation: 'delete the organisation',
};

const WHO: Record<Role, string> = { member: 'a member', admin: 'an admin or the owner', owner: 'the owner' };

/** The signed-in person's role in the organisation (decision 0024), from `GET /api/organisation/`. */
export function useRole(): Role {
  return useOrganisationSettings().role;
}

/**
 * Whether the signed-in person may do what `permission` names — the table the API enforces
 * (contracts, team/permissions.ts) — and, when not, the sentence a screen shows instead of the control.
 */
export function usePermission(permission: Permission): { allowed: boolean; reason: string | null } {
  const role = useRole();
  if (can(role, permission)) return { allowed: true, reason: null };
  return { allowed: false, reason: `Only ${WHO[PERMISSIONS[permission]]} can ${PERMISSION_WORDS[permission]}.` };
}
