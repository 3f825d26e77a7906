import { createHash } from 'node:crypto';

import { decodeLogo, type Letterhead, letterheadIssues, type LetterheadUpdate } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { orgSettings } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { changedFields, recordAudit } from '../../org/record-audit';

import { readLetterhead } from './read-letterhead';

/**
 * The audit log names a logo by its type, size and a fingerprint: the image itself (up to 100 KB)
 * would be copied into every entry, and a fingerprint still tells one logo from another.
 */
function forAudit(letterhead: Letterhead): Record<string, unknown> {
  if (letterhead.logo === null) return letterhead;
  const decoded = decodeLogo(letterhead.logo);
  const logo = 'reason' in decoded
    ? 'set'
    : `${decoded.type}, ${decoded.bytes.length} bytes, sha256 ${createHash('sha256').update(decoded.bytes).digest('hex').slice(0, 12)}`;
  return { ...letterhead, logo };
}

/**
 * Save the letterhead (decision 0038): the whole of it, normalised as letterheadIssues says. Any
 * field it refuses is a 422 naming each one; one audit entry, `organisation.letterhead`, names
 * what changed. Nothing is scheduled: the letterhead changes how emails look, not when they go.
 */
export async function updateLetterhead(deps: { db: Db; orgId: string; actorId: string }, input: LetterheadUpdate): Promise<Letterhead> {
  const { value, issues } = letterheadIssues(input);
  if (issues.length > 0) throw new AppError('DOMAIN_RULE', 'The letterhead cannot be saved as it is', issues);
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const before = await readLetterhead(tx, deps.orgId);
    const values = {
      companyName: value.company_name,
      companyNumber: value.company_number,
      companyAddress: value.company_address,
      vatNumber: value.vat_number,
      logo: value.logo,
    };
    await tx.insert(orgSettings).values({ orgId: deps.orgId, ...values }).onConflictDoUpdate({ target: orgSettings.orgId, set: values });
    const diff = changedFields(forAudit(before), forAudit(value));
    if (diff) await recordAudit(tx, deps, { action: 'organisation.letterhead', entity: 'organisation', entityId: deps.orgId, customerId: null, ...diff });
    return value;
  });
}
