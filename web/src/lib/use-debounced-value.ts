import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`. Compared with Object.is, so pass a value that
 * keeps its identity while unchanged (a primitive, or an object from useMemo).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
