import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LoginRounded from '@mui/icons-material/LoginRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ListItemButton from '@mui/material/ListItemButton';
import type SvgIcon from '@mui/material/SvgIcon';
import { createLink } from '@tanstack/react-router';

export const NavLinkButton = createLink(ListItemButton);

export interface NavItem {
  label: string;
  to: '/home' | '/emails/' | '/customers/' | '/workflows' | '/settings' | '/signin';
  icon: typeof SvgIcon;
}

/** The left menu, in the order docs/product.md gives. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/home', icon: DashboardOutlined },
  { label: 'Activity', to: '/emails/', icon: MailOutlineRounded },
  { label: 'Customers', to: '/customers/', icon: PeopleAltOutlined },
  { label: 'Workflows', to: '/workflows', icon: AccountTreeOutlined },
  { label: 'Settings', to: '/settings', icon: SettingsOutlined },
];

/** A count beside a menu item (unread replies beside Activity), with what it counts in words for a screen reader. */
export interface NavBadge {
  count: number;
  /** "3 unread replies". */
  label: string;
}

export type NavBadges = Partial<Record<NavItem['to'], NavBadge>>;

export const SIGN_IN_ITEM: NavItem = { label: 'Sign in', to: '/signin', icon: LoginRounded };

/** An item is current on its own page and on the pages under it (a customer under Customers). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const base = item.to.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}
