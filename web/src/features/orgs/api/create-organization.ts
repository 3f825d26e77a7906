import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { setActiveOrganization } from './set-active-organization';

/**
 * better-auth needs a unique slug; users never see it, so it is derived from the name with a
 * short random suffix to avoid clashes between organisations with the same name.
 */
export function makeOrgSlug(name: string, random: () => number = Math.random): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  const suffix = Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
  return `${base || 'org'}-${suffix}`;
}

/** Creates an organisation and makes it the active one. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string }) => {
      const name = input.name.trim();
      const { data, error } = await authClient.organization.create({ name, slug: makeOrgSlug(name) });
      if (error) throw authError(error, 'Could not create the organisation.');
      await setActiveOrganization(data.id);
      return { id: data.id, name: data.name };
    },
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
