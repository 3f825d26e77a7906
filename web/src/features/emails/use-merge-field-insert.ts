import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { insertAtCursor, type TextRange } from './insert-at-cursor';
import type { SourceField, TemplateDraft } from './template-form-values';

type SourceElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * "Insert" for merge fields: remembers which of subject and body was focused last and where its
 * caret was (a field keeps its selection after losing focus to the button), puts the snippet
 * there, and gives the field its focus back with the caret after the snippet.
 */
export function useMergeFieldInsert(form: Pick<UseFormReturn<TemplateDraft>, 'getValues' | 'setValue'>) {
  const { getValues, setValue } = form;
  const [target, setTarget] = useState<SourceField>('body');
  const elements = useRef<Partial<Record<SourceField, SourceElement | null>>>({});
  // A field never focused has no caret a person chose: the snippet goes at its end.
  const focused = useRef(new Set<SourceField>());

  const onSourceElement = useCallback((name: SourceField, element: SourceElement | null) => {
    elements.current[name] = element;
  }, []);

  const onSourceTarget = useCallback((name: SourceField) => {
    focused.current.add(name);
    setTarget(name);
  }, []);

  const insert = useCallback(
    (snippet: string) => {
      const element = elements.current[target] ?? null;
      const range: TextRange | null =
        element && focused.current.has(target) && element.selectionStart !== null
          ? { start: element.selectionStart, end: element.selectionEnd ?? element.selectionStart }
          : null;
      const next = insertAtCursor(getValues(target), range, snippet);
      setValue(target, next.text, { shouldDirty: true, shouldValidate: true });
      // After React has written the new value into the field.
      requestAnimationFrame(() => {
        element?.focus();
        element?.setSelectionRange(next.caret, next.caret);
      });
    },
    [target, getValues, setValue],
  );

  return { target, insert, onSourceElement, onSourceTarget };
}
