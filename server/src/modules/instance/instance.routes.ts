import { instanceInfoSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AccountMailMode } from '../../auth/account-mail';
import { canConnectStripe } from '../../config-slices/stripe';
import { defineRoutes } from '../../plugins/route-definition';

/**
 * What the SPA must know about this server before anyone signs in: whether a reset link is
 * emailed or written to the log, so the screen can say where to look (decision 0026); and whether
 * Stripe accounts can be connected here, so Settings offers it only then (decision 0046). No auth.
 */
const instancePlugin: FastifyPluginAsyncZod<{ accountMail: AccountMailMode; stripeConnect: boolean }> = async (r, deps) => {
  r.get('/', {
    schema: { tags: ['instance'], summary: 'How this server sends account emails, and whether it can connect Stripe', security: [], response: { 200: instanceInfoSchema } },
    handler: () => ({ account_mail: deps.accountMail, stripe_connect: deps.stripeConnect }),
  });
};

export const instanceRoutes = defineRoutes({
  prefix: '/instance',
  public: true,
  needs: ({ accountMail, config }) => ({ accountMail: accountMail.mode, stripeConnect: canConnectStripe(config.stripe) }),
  plugin: instancePlugin,
});
