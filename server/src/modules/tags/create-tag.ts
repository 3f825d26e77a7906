import type { Tag, TagCreate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { tag } from '../../db/schema';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

/** A new tag; a name already used (ignoring case) is a 409. */
export async function createTag(deps: OrgScope, input: TagCreate): Promise<Tag> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [row] = await tx
      .insert(tag)
      .values({ orgId: deps.orgId, name: input.name, ...(input.colour ? { colour: input.colour.toLowerCase() } : {}) })
      .returning({ id: tag.id, name: tag.name, colour: tag.colour })
      .catch(
        onUniqueViolation({
          tag_org_lower_name_uidx: { message: 'Another tag already has this name', field: 'name', reason: 'is already used by another tag' },
        }),
      );
    if (!row) throw new Error('tag insert returned nothing');
    await recordAudit(tx, deps, { action: 'tag.create', entity: 'tag', entityId: row.id, customerId: null, before: null, after: { name: row.name, colour: row.colour } });
    return row;
  });
}
