import Typography from '@mui/material/Typography';

import { RouterLink } from '../../../components/router-link';
import { useHolidayRegions } from '../api/get-holiday-regions';

/**
 * The zone the window is read in and the holidays it skips: the organisation's own, shown here
 * and changed in one place, Settings → Organisation (decision 0028).
 */
export function OrganisationCalendarNote({ timeZone, holidayRegion }: { timeZone: string; holidayRegion: string | null }) {
  const regions = useHolidayRegions();
  const region = holidayRegion === null ? null : (regions.data?.find((r) => r.code === holidayRegion)?.name ?? holidayRegion);
  return (
    <Typography color="text.secondary">
      Times are in <strong>{timeZone}</strong>.{' '}
      {region === null ? 'Public holidays are not skipped.' : <>Public holidays in <strong>{region}</strong> are skipped.</>}{' '}
      <RouterLink to="/settings/organisation" sx={{ fontWeight: 500 }}>
        Change them in Settings → Organisation
      </RouterLink>
    </Typography>
  );
}
