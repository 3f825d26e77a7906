import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, ROLES, type Role, type TeamMember } from '@receivables/contracts';
import { useId } from 'react';

import { formatShortDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useChangeMemberRole } from '../api/team-actions';

interface MemberRowProps {
  member: TeamMember;
  /** The owner's controls: change the role, remove. */
  managing: boolean;
  onRemove: (member: TeamMember) => void;
}

/** One person: name, address, when they joined, and their role — a menu for the owner, a label for everyone else. */
export function MemberRow({ member, managing, onRemove }: MemberRowProps) {
  const notify = useNotify();
  const change = useChangeMemberRole();
  const selectId = useId();
  const nameId = useId();
  const setRole = (role: Role) =>
    change.mutate(
      { id: member.id, role },
      {
        onSuccess: (now) => notify(`${now.name} is now ${now.role === 'member' ? 'a' : 'an'} ${ROLE_LABELS[now.role].toLowerCase()}`, 'success'),
        onError: (error) => notify(error.message, 'error'),
      },
    );
  return (
    <Stack
      component="li"
      direction="row"
      useFlexGap
      aria-label={member.name}
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5, listStyle: 'none' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.name}
          </Typography>
          {member.is_you ? <Chip label="You" size="small" variant="outlined" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {member.email} · joined {formatShortDate(member.joined_at)}
        </Typography>
      </Box>
      {managing ? (
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1 }}>
          <TextField
            select
            size="small"
            label="Role"
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => setRole(event.target.value as Role)}
            sx={{ width: 140 }}
            id={selectId}
            // The menu reads as "Role, Casey Controller": each row's is told apart by its person.
            slotProps={{ select: { SelectDisplayProps: { 'aria-labelledby': `${selectId}-label ${nameId}` } } }}
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
          {member.is_you ? null : (
            <Button color="error" onClick={() => onRemove(member)} aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          )}
        </Stack>
      ) : (
        <Chip label={ROLE_LABELS[member.role]} size="small" color={member.role === 'member' ? 'default' : 'primary'} variant="outlined" />
      )}
    </Stack>
  );
}
