import { type EmailTemplatePreviewRequest, type PreviewWording, usesOwnWording } from '@receivables/contracts';
import { useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';

import { type CustomerListParams, useCustomers } from '../../app/api/get-customers';
import { useDebouncedValue } from '../../lib/use-debounced-value';

import { usePreviewEmailTemplate } from './api/preview-email-template';
import type { TemplateDraft } from './template-form-values';

export interface PreviewCustomer {
  id: string;
  name: string;
}

/**
 * The customer list query behind the preview's picker: the biggest debts first, as a credit
 * controller checks a letter against someone who owes. With no search it gives the first customer.
 */
export const previewCustomerParams = (q: string): CustomerListParams => ({ q: q || undefined, limit: 10, sort_field: 'amount_overdue', sort_order: 'desc' });

/** Edits settle this long before the preview is asked for again, so typing is not a request per key. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * What the editor's preview shows: for which customer, the draft's rendering for them and, written
 * from the tone, which of its wordings. Held by the editor, not the preview pane, because Send to
 * me sends exactly this customer and wording (issue 29).
 */
export function useTemplatePreview(control: Control<TemplateDraft>) {
  const [tone, kind, variation, subject, body] = useWatch({ control, name: ['tone', 'kind', 'variation', 'subject', 'body'] });
  const [picked, setPicked] = useState<PreviewCustomer | null>(null);
  const [wordingNumber, setWordingNumber] = useState(1);
  // Until someone is picked, the first of the picker's own order: the biggest debt first.
  const customers = useCustomers(previewCustomerParams(''));
  const firstRow = customers.data?.rows[0];
  const customer = picked ?? (firstRow ? { id: firstRow.id, name: firstRow.name } : null);

  const customerId = customer?.id;
  const isOwnWording = usesOwnWording(variation);
  // Kept the same object while nothing changed, so the debounce below only restarts on a real edit.
  // Written from the tone, the hidden subject and body are not sent: they are not used.
  const request = useMemo<EmailTemplatePreviewRequest | null>(() => {
    if (!customerId) return null;
    if (!isOwnWording) return { tone, kind, variation, customer_id: customerId };
    return subject.trim() && body.trim() ? { tone, kind, variation, subject, body, customer_id: customerId } : null;
  }, [customerId, isOwnWording, tone, kind, variation, subject, body]);
  const settled = useDebouncedValue(request, PREVIEW_DEBOUNCE_MS);
  const preview = usePreviewEmailTemplate(settled);

  const wordings = preview.data?.wordings ?? [];
  // The wording chosen, or the first when the letters changed under it.
  const wording: PreviewWording | null = wordings.find((w) => w.wording === wordingNumber) ?? wordings[0] ?? null;

  return {
    customers,
    customer,
    chooseCustomer: (next: PreviewCustomer) => {
      setPicked(next);
      setWordingNumber(1);
    },
    isOwnWording,
    request,
    isUpdating: preview.isFetching || request !== settled,
    preview,
    wording,
    chooseWording: setWordingNumber,
  };
}

export type TemplatePreviewState = ReturnType<typeof useTemplatePreview>;
