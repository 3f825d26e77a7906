import { onUniqueViolation } from '../../errors/unique-violation';

/** A workflow name already used in the organisation (ignoring case) is a 409 naming the field. */
export const workflowNameTaken = onUniqueViolation({
  workflow_org_name_uidx: { message: 'Another workflow already has this name', field: 'name', reason: 'is already used by another workflow' },
});
