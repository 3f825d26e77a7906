import type { Role } from '@receivables/contracts';

/** What each role may do, in the words the invite dialog and the role menu use (decision 0024). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  member: 'Chases: reads everything, keeps contacts and tags, pauses and resumes, sends or cancels one email, works the replies.',
  admin: 'Runs the chasing: also customers, invoices and payments, imports, bulk actions, workflows, templates, email settings and Stripe.',
  owner: 'Also manages the team and may delete the organisation.',
};
