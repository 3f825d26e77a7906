import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { apiClient } from '../../../lib/api-client';

import { refreshAfterRead } from './inbound-keys';

/** Someone opened a received email: `POST /api/inbound/{id}/read` (204; again changes nothing, so no key). */
export async function markInboundRead(id: string): Promise<undefined> {
  return apiClient.request<undefined>(`/api/inbound/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkInboundRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markInboundRead(id),
    onSuccess: () => refreshAfterRead(queryClient),
  });
}

/**
 * Opening a received email marks it read, once per page: an unread one is marked when its page
 * shows, then the counts and Activity's rows are read again. A failure is left be: it stays
 * unread and is marked the next time it is opened.
 */
export function useMarkReadOnOpen(reply: { id: string; read: boolean } | null) {
  const { mutate } = useMarkInboundRead();
  const marked = useRef<string | null>(null);
  const id = reply && !reply.read ? reply.id : null;
  useEffect(() => {
    if (id === null || marked.current === id) return;
    marked.current = id;
    mutate(id);
  }, [id, mutate]);
}
