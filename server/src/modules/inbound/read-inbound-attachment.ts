import { and, eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { inboundAttachment } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

/** One file of a received message, as it came; NOT_FOUND for another organisation's, and for one too large to have been kept. */
export async function readInboundAttachment(
  deps: { db: DbOrTx; orgId: string },
  inboundEmailId: string,
  attachmentId: string,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const [file] = await withOrg(deps.db, deps.orgId, (tx) =>
    tx
      .select()
      .from(inboundAttachment)
      .where(
        and(
          eq(inboundAttachment.orgId, deps.orgId),
          eq(inboundAttachment.inboundEmailId, inboundEmailId),
          eq(inboundAttachment.id, attachmentId),
        ),
      ),
  );
  if (!file) throw notFound('Attachment');
  if (file.content === null) throw notFound('Attachment (it was larger than the limit, so only its name was kept)');
  return { filename: file.filename ?? 'attachment', contentType: file.contentType, content: file.content };
}
