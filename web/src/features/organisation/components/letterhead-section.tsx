import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useLetterhead } from '../api/get-letterhead';

import { LetterheadForm } from './letterhead-form';

/** Settings → Organisation, Letterhead: loaded on its own, so a failure here leaves the rest of the page usable. */
export function LetterheadSection() {
  const letterhead = useLetterhead();
  if (letterhead.isPending) return <LoadingSkeleton lines={4} label="Loading the letterhead" />;
  if (letterhead.isError) {
    return (
      <ErrorPanel
        title="Failed to load the letterhead"
        message={letterhead.error.message}
        onRetry={() => void letterhead.refetch()}
        isRetrying={letterhead.isFetching}
      />
    );
  }
  return <LetterheadForm letterhead={letterhead.data} />;
}
