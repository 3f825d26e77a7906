import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TriageCategory } from '@receivables/contracts';
import { useId, useState } from 'react';

import { triageActionLabel, TRIAGE_MENU_ACTIONS, type TriageMenuAction } from '../triage-words';

interface TriageOtherActionsProps {
  /** The action already offered as the main button, left out here. */
  suggested: TriageMenuAction;
  category: TriageCategory | null;
  onChoose: (action: TriageMenuAction) => void;
}

/** Every other action on a reply, when the suggestion is not the right one. */
export function TriageOtherActions({ suggested, category, onChoose }: TriageOtherActionsProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const others = TRIAGE_MENU_ACTIONS.filter((action) => action !== suggested);
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ExpandMoreRounded />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Other actions
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {others.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onChoose(action);
            }}
          >
            {/* Another action than the suggestion's: its plain words, not the date read for a promise. */}
            {triageActionLabel(action, category, null)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
