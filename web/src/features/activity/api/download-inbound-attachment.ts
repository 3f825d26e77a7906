import type { InboundAttachment } from '@receivables/contracts';

import { apiClient } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/save-file';

/**
 * Save one file of a received email: `GET /api/inbound/{id}/attachments/{attachmentId}` with the
 * bearer token like any other request, then through an object URL under the name it came with.
 * A file too large to keep (`stored: false`) is a 404. Answers the name saved.
 */
export async function downloadInboundAttachment(inboundId: string, attachment: InboundAttachment): Promise<string> {
  const response = await apiClient.fetchRaw(
    `/api/inbound/${encodeURIComponent(inboundId)}/attachments/${encodeURIComponent(attachment.id)}`,
    { headers: { accept: 'application/octet-stream' } },
  );
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? attachment.filename ?? 'attachment';
  saveBlob(await response.blob(), filename);
  return filename;
}
