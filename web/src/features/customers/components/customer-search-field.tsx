import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

interface CustomerSearchFieldProps {
  /** The search in the URL. */
  value: string | undefined;
  /**
   * Called once typing pauses. `replace` is true after the first change of a typing session, so
   * the back button skips the half-typed words but still returns to before the search.
   */
  onCommit: (value: string | undefined, options: { replace: boolean }) => void;
}

/** Free-text search on name and primary contact email, debounced into the URL. */
export function CustomerSearchField({ value, onCommit }: CustomerSearchFieldProps) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const hasCommitted = useRef(false);

  // The URL changed underneath us (back button, "Clear all"): show what it says now, unless it
  // is only our own debounced commit catching up with what is typed.
  if (value !== seen) {
    setSeen(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return undefined;
    const timer = setTimeout(() => {
      onCommit(next, { replace: hasCommitted.current });
      hasCommitted.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);

  return (
    <TextField
      type="search"
      label="Search customers"
      placeholder="Name or email"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        hasCommitted.current = false;
      }}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
