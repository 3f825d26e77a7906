import { z } from 'zod';

/**
 * How this server sends account emails (password resets, address confirmations): `smtp` really
 * sends them; `log` (no mail server, not production) writes their links to the server's log; `off`
 * (no mail server in production) cannot send them (decision 0026).
 */
export const accountMailModeSchema = z.enum(['smtp', 'log', 'off']);
export type AccountMailMode = z.infer<typeof accountMailModeSchema>;

/**
 * `GET /api/instance/`: what the screens need to know about this server before anything else;
 * public. `stripe_connect`: whether this installation is set up to connect Stripe accounts
 * (decision 0046), so Settings offers "Connect Stripe" only where it can work.
 */
export const instanceInfoSchema = z.object({ account_mail: accountMailModeSchema, stripe_connect: z.boolean() });
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;
