import { z } from 'zod';

import { listResponseSchema } from '../common/list';
import { textSchema } from '../common/text';
import { tagSchema } from '../customers/customer';

const hexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #00897b');

/** A tag name: trimmed, 1–50 characters; unique per organisation ignoring case. */
export const tagNameSchema = textSchema({ min: 1, max: 50 });

export const tagCreateSchema = z.object({
  name: tagNameSchema,
  colour: hexColourSchema.optional(),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;

/** `GET /api/tags`: every tag of the organisation, by name. */
export const tagListResponseSchema = listResponseSchema(tagSchema);
export type TagListResponse = z.infer<typeof tagListResponseSchema>;
