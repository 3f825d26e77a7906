import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** Delete the organisation and all its data, confirmed by its name: `DELETE /api/organisation/` (204; owner only). */
export async function deleteOrganisation(input: { name: string }): Promise<void> {
  await apiClient.request<null>('/api/organisation/', { method: 'DELETE', body: input });
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    // Every cached row and the token belonged to the organisation that is gone; the session now
    // names another of the person's organisations, or none (decision 0028).
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
