/** Each action family (an action's first word) in the filter's words; an unknown one is written out. */
const FAMILY_LABELS: Record<string, string> = {
  account: 'Integrations',
  contact: 'Contacts',
  customer: 'Customers',
  email_template: 'Templates',
  event: 'Emails',
  inbound: 'Replies',
  invoice: 'Invoices',
  note: 'Notes and calls',
  settings: 'Settings',
  team: 'Team',
  organisation: 'Organisation',
  import: 'Imports',
  payment: 'Payments',
  tag: 'Tags',
  workflow: 'Workflows',
  workflow_action: 'Workflow steps',
};

/** `customer` for `customer.update`. */
export function auditActionFamily(action: string): string {
  return action.split('.')[0] ?? action;
}

/** "Customers" for the family `customer`. */
export function auditFamilyLabel(family: string): string {
  const known = FAMILY_LABELS[family];
  if (known) return known;
  const words = family.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
