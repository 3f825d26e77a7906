// The one label map lives in contracts, so the CSV export words a standing as the screens do.
export { STANDING_LABELS } from '@receivables/contracts';
