import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { SENDING_MODES, type SendingMode, type SendingModeState } from '@receivables/contracts';
import { useEffect, useRef, useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ChoiceGroup } from '../../../components/choice-group';
import { SectionCard } from '../../../components/section-card';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateSendingMode } from '../api/update-sending-mode';
import { missingInWords, SENDING_MODE_WORDS } from '../sending-modes';

import { SendingModeDialog } from './sending-mode-dialog';

const OPTIONS = SENDING_MODES.map((value) => ({ value, ...SENDING_MODE_WORDS[value] }));

/**
 * The sending mode and the switch between modes. Sending and disabling are confirmed in a dialog
 * (sending shows how many emails are due in the next 24 hours); back to dry run needs no asking.
 */
export function SendingModeCard({ sending }: { sending: SendingModeState }) {
  const notify = useNotify();
  const update = useUpdateSendingMode();
  const current = sending.sending_mode;
  const [chosen, setChosen] = useState<SendingMode>(current);
  const [confirming, setConfirming] = useState<Exclude<SendingMode, 'dryrun'> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A role that may not switch sees the mode and its choices, none of them choosable (decision 0024):
  // the choice never moves, so "Switch to …" never shows.
  const editing = usePermission('settings');
  // A switch removes the button that made it (and closes its dialog): the keyboard user's place
  // goes back to the mode now in force rather than to the top of the page.
  const modeRef = useRef<HTMLDivElement>(null);
  const [switches, setSwitches] = useState(0);
  useEffect(() => {
    if (switches > 0) modeRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [switches]);
  const switched = () => setSwitches((n) => n + 1);

  const switchMode = () => {
    setRefusal(null);
    if (chosen !== 'dryrun') return setConfirming(chosen);
    update.mutate('dryrun', {
      onSuccess: () => {
        notify('Dry run: nothing will be sent', 'success');
        switched();
      },
      onError: (error) => setRefusal(error.message),
    });
  };

  return (
    <SectionCard
      title="Sending mode"
      titleAside={<Chip label={SENDING_MODE_WORDS[current].label} color={current === 'sending' ? 'success' : current === 'dryrun' ? 'info' : 'default'} size="small" />}
    >
      <Stack spacing={2}>
        <div ref={modeRef}>
          <ChoiceGroup label="Mode" name="sending_mode" value={chosen} onChange={setChosen} options={OPTIONS} disabled={!editing.allowed} />
        </div>
        {current !== 'sending' && sending.missing.length > 0 ? (
          <Alert severity="info">{`Sending needs ${missingInWords(sending.missing)}: ${editing.allowed ? 'set them up on this page first' : 'an admin or the owner sets them up on this page'}.`}</Alert>
        ) : null}
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        {chosen === current || !editing.allowed ? null : (
          <div>
            <Button variant="contained" onClick={switchMode} disabled={update.isPending}>
              {`Switch to ${SENDING_MODE_WORDS[chosen].label.toLowerCase()}`}
            </Button>
          </div>
        )}
      </Stack>
      {confirming ? (
        <SendingModeDialog
          target={confirming}
          onClose={() => setConfirming(null)}
          onSwitched={() => {
            setConfirming(null);
            switched();
          }}
        />
      ) : null}
    </SectionCard>
  );
}
