import { z } from 'zod';

import { sortOrderSchema } from '../common/list';

import { type CustomerSortField, customerSortFieldSchema } from './customer-sort';

/**
 * Where a page of the customer list ended: the sort it was read in, its last row's sort values
 * (as text: the group's, then each column's) and id. `next_cursor` hands it out and `after` takes
 * it back, so the next page starts from an index position instead of skipping `offset` rows:
 * page 20,000 costs what page 1 does (decision 0029).
 */
export interface CustomerCursor {
  sort_field: CustomerSortField;
  sort_order: 'asc' | 'desc';
  key: (string | null)[];
  id: string;
}

const cursorShape = z.strictObject({
  sort_field: customerSortFieldSchema,
  sort_order: sortOrderSchema,
  key: z.array(z.string().max(1000).nullable()).min(1).max(3),
  id: z.uuid(),
});

/** A cursor as the opaque URL-safe text the API hands out. */
export function encodeCustomerCursor(cursor: CustomerCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function decodeCustomerCursor(text: string): unknown {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/** `after`: a `next_cursor` from an earlier page, refused (400) when it is anything else. */
export const customerCursorSchema = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    const parsed = cursorShape.safeParse(decodeCustomerCursor(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'is not a next_cursor this list handed out' });
    return z.NEVER;
  });
