import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { loadFailureMessage, onIntent, useOnIntent } from '../../../lib/load-on-intent';
import { useNotify } from '../../../lib/use-notify';
import { useSignOut } from '../api/sign-out';

// The menu itself is fetched when the button is hovered, focused or pressed, not with the shell
// (decision 0004, Route splitting).
const userMenuList = onIntent(() => import('./user-menu-list'));

interface UserMenuProps {
  user: { name: string; email: string; emailVerified?: boolean };
}

function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.slice(0, 2).map((part) => part[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

export function UserMenu({ user }: UserMenuProps) {
  const letters = initials(user.name, user.email);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useOnIntent(userMenuList);
  const notify = useNotify();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // A gentle reminder to confirm the address, only where a confirmation email could have been
  // sent (decision 0026); asked about only for someone not yet confirmed.
  const isUnconfirmed = user.emailVerified === false;
  const asksToConfirm = useInstanceInfo(isUnconfirmed).data?.account_mail === 'smtp' && isUnconfirmed;
  const isOpen = Boolean(anchor && menu.module);

  const open = (target: HTMLElement) => {
    setAnchor(target);
    // A failed fetch leaves the button working: it says so, and the next press fetches again.
    menu.load().catch((error: unknown) => {
      setAnchor(null);
      notify(loadFailureMessage(error), 'error');
    });
  };
  const onSignOut = () => {
    setAnchor(null);
    signOut.mutate(undefined, { onSettled: () => void navigate({ to: '/signin', search: { redirect_url: '/' } }) });
  };

  return (
    <>
      <IconButton
        // The initials shown are part of the name, so voice control can press the button by
        // saying them (WCAG 2.5.3, label in name).
        aria-label={`Account menu, ${letters}${asksToConfirm ? ', email address not confirmed' : ''}`}
        aria-haspopup="menu"
        aria-expanded={isOpen ? 'true' : undefined}
        onPointerEnter={menu.prefetch}
        onFocus={menu.prefetch}
        onClick={(event) => open(event.currentTarget)}
        size="small"
      >
        <Badge color="warning" variant="dot" overlap="circular" invisible={!asksToConfirm}>
          <Avatar sx={{ width: 34, height: 34, fontSize: '0.875rem', bgcolor: 'secondary.main' }}>
            {letters}
          </Avatar>
        </Badge>
      </IconButton>
      {menu.module ? (
        <menu.module.UserMenuList
          anchor={anchor}
          user={user}
          asksToConfirm={asksToConfirm}
          isSigningOut={signOut.isPending}
          onClose={() => setAnchor(null)}
          onAccount={() => {
            setAnchor(null);
            void navigate({ to: '/settings/account' });
          }}
          onSignOut={onSignOut}
        />
      ) : null}
    </>
  );
}
