import { instanceInfoSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AccountMailMode } from '../../auth/account-mail';
import { defineRoutes } from '../../plugins/route-definition';

/**
 * What the SPA must know about this server before anyone signs in: whether a reset link is
 * emailed or written to the log, so the screen can say where to look (decision 0026). No auth.
 */
const instancePlugin: FastifyPluginAsyncZod<{ accountMail: AccountMailMode }> = async (r, deps) => {
  r.get('/', {
    schema: { tags: ['instance'], summary: 'How this server sends account emails', security: [], response: { 200: instanceInfoSchema } },
    handler: () => ({ account_mail: deps.accountMail }),
  });
};

export const instanceRoutes = defineRoutes({ prefix: '/instance', public: true, needs: ({ accountMail }) => ({ accountMail: accountMail.mode }), plugin: instancePlugin });
