import UnfoldMoreRounded from '@mui/icons-material/UnfoldMoreRounded';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { loadFailureMessage, onIntent, useOnIntent } from '../../../lib/load-on-intent';
import { useNotify } from '../../../lib/use-notify';
import { useOrganizations } from '../api/get-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';

// The list is fetched when the button is hovered, focused or pressed, not with the shell
// (decision 0004, Route splitting).
const orgSwitcherMenu = onIntent(() => import('./org-switcher-menu'));

/**
 * Top-bar switcher. Shows organisations by name only: no slug, and no personal account, since
 * every piece of data here belongs to an organisation (docs/product.md).
 */
export function OrgSwitcher({ activeOrganizationId }: { activeOrganizationId: string | null | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useOnIntent(orgSwitcherMenu);
  const orgs = useOrganizations();
  const setActive = useSetActiveOrganization();
  const navigate = useNavigate();
  const notify = useNotify();
  const active = orgs.data?.find((org) => org.id === activeOrganizationId);
  const shown = active?.name ?? (orgs.isPending ? 'Loading…' : 'Organisation');
  const isOpen = Boolean(anchor && menu.module);

  const open = (target: HTMLElement) => {
    setAnchor(target);
    // A failed fetch leaves the button working: it says so, and the next press fetches again.
    menu.load().catch((error: unknown) => {
      setAnchor(null);
      notify(loadFailureMessage(error), 'error');
    });
  };
  const close = () => setAnchor(null);
  const switchTo = (org: { id: string; name: string }) => {
    close();
    if (org.id === activeOrganizationId) return;
    setActive.mutate(org.id, {
      onSuccess: () => {
        notify(`Switched to ${org.name}`, 'success');
        void navigate({ to: '/' });
      },
      onError: (error) => notify(error.message, 'error'),
    });
  };

  return (
    <>
      <Button
        // The name a person sees is part of the button's name, so voice control can press it by
        // saying it (WCAG 2.5.3); "switch organisation" says what it does.
        aria-label={`${shown}, switch organisation`}
        aria-haspopup="menu"
        aria-expanded={isOpen ? 'true' : undefined}
        color="inherit"
        endIcon={<UnfoldMoreRounded />}
        onPointerEnter={menu.prefetch}
        onFocus={menu.prefetch}
        onClick={(event) => open(event.currentTarget)}
        disabled={setActive.isPending}
        sx={{ maxWidth: { xs: 150, sm: 280 }, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 2.5, px: 1.5 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {shown}
        </span>
      </Button>
      {menu.module ? (
        <menu.module.OrgSwitcherMenu
          anchor={anchor}
          organisations={orgs.data ?? []}
          activeOrganizationId={activeOrganizationId}
          onClose={close}
          onSwitch={switchTo}
          onCreate={() => {
            close();
            void navigate({ to: '/org-select', search: { redirect_url: '/' } });
          }}
        />
      ) : null}
    </>
  );
}
