import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's toasts in the theme's own colours. Its defaults put white text on #43a047 (success,
 * 3.3:1) and #ff9800 (warning, 2.2:1), below the 4.5:1 that axe and WCAG AA ask for; the theme's
 * dark shades carry white text at 4.5:1 or more, in light and dark mode alike.
 */
export const ToastContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20', color: '#ffffff' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c', color: '#ffffff' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a3c00', color: '#ffffff' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b', color: '#ffffff' },
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900], color: '#ffffff' },
}));

export const TOAST_COMPONENTS = {
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
  default: ToastContent,
};
