import { z } from 'zod';

/**
 * A new password, the same rules wherever one is chosen (sign-up, reset, change): better-auth's
 * minimum of 8 and its maximum of 128 characters, so the server never refuses what the form took.
 */
export const newPasswordSchema = z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters');

/** The hint under every new-password field. */
export const NEW_PASSWORD_HINT = 'At least 8 characters.';
