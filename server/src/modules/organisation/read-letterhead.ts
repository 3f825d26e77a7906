import type { Letterhead } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { orgSettings } from '../../db/schema';

/** The letterhead as stored; nothing set without a settings row. `db` is scoped to the organisation (withOrg). */
export async function readLetterhead(db: DbOrTx, orgId: string): Promise<Letterhead> {
  const [row] = await db
    .select({
      company_name: orgSettings.companyName,
      company_number: orgSettings.companyNumber,
      company_address: orgSettings.companyAddress,
      vat_number: orgSettings.vatNumber,
      logo: orgSettings.logo,
    })
    .from(orgSettings)
    .where(eq(orgSettings.orgId, orgId));
  return row ?? { company_name: null, company_number: null, company_address: null, vat_number: null, logo: null };
}
