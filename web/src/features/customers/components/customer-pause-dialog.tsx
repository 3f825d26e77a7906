import { useState } from 'react';

import { isRequestError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { usePauseCustomer } from '../api/pause-customer';

import { PauseDialog } from './pause-dialog';

/** Pause chasing one customer; the server's reason for refusing a date shows on the date. */
export function CustomerPauseDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const notify = useNotify();
  const pause = usePauseCustomer(customerId);
  const [serverError, setServerError] = useState<string | null>(null);

  const onPause = async (until: string | null) => {
    setServerError(null);
    try {
      await pause.mutateAsync({ until });
      notify(until ? `Paused until ${formatLongDate(until)}` : 'Paused indefinitely', 'success');
      onClose();
    } catch (error) {
      const onDate = isRequestError(error) ? error.details.find((d) => d.field === 'until') : undefined;
      setServerError(onDate ? onDate.reason : error instanceof Error ? error.message : 'Could not pause');
    }
  };

  return <PauseDialog title="Pause chasing" isPending={pause.isPending} serverError={serverError} onPause={onPause} onClose={onClose} />;
}
