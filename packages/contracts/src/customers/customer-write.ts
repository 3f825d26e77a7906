import { z } from 'zod';

import { calendarDateSchema, currencyInputSchema } from '../common/dates';
import { emailAddressSchema } from '../common/email';
import { textSchema } from '../common/text';
import { tagCreateSchema } from '../tags/tag';

import { contactRoleSchema } from './customer';

const optionalText = (max: number) => textSchema({ max }).optional();

/** A contact as written by a client: email required, name and phone optional. */
export const contactInputSchema = z.object({
  name: optionalText(200),
  email: emailAddressSchema,
  phone: optionalText(50),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** `POST /api/customers/`: a customer for integrations and manual entry. */
export const customerCreateSchema = z.object({
  name: textSchema({ min: 1, max: 200 }),
  currency: currencyInputSchema,
  external_ref: textSchema({ min: 1, max: 200 }).optional(),
  contact: contactInputSchema.optional(),
});
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

/** `PUT /api/customers/{id}/`: change name, currency or workflow; at least one field. */
export const customerUpdateSchema = z
  .object({
    name: textSchema({ min: 1, max: 200 }).optional(),
    currency: currencyInputSchema.optional(),
    workflow_id: z.uuid().nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'must change at least one of name, currency, workflow_id');
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** `POST /api/customers/{id}/contact`: create or replace the contact of that role. */
export const contactUpsertSchema = contactInputSchema.extend({ role: contactRoleSchema });
export type ContactUpsert = z.infer<typeof contactUpsertSchema>;

/** `POST /api/customers/{id}/pause`: until a future date, or indefinitely with null. */
export const customerPauseSchema = z.object({ until: calendarDateSchema.nullable() });
export type CustomerPause = z.infer<typeof customerPauseSchema>;

/** `PUT /api/customers/{id}/tags`: the customer's complete tag set; unknown names are created. */
export const customerTagsUpdateSchema = z.object({
  tags: z.array(z.union([z.object({ id: z.uuid() }), tagCreateSchema])).max(50),
});
export type CustomerTagsUpdate = z.infer<typeof customerTagsUpdateSchema>;
