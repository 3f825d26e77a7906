import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';

/**
 * Why a screen shows what it holds but offers no way to change it: the person's role (decision
 * 0024). One notice in place of each control it removes, so nothing looks broken or silently missing.
 */
export function ReadOnlyNotice({ reason }: { reason: string }) {
  return (
    <Alert severity="info" icon={<LockOutlined fontSize="inherit" />} role="note">
      {reason} You can read everything here.
    </Alert>
  );
}
