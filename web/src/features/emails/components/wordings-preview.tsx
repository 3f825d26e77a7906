import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { EmailTemplatePreview, PreviewWording } from '@receivables/contracts';
import { useId } from 'react';

import { EmailPreviewView } from './email-preview-view';

const COUNTED: Record<number, string> = { 2: 'Two', 3: 'Three' };

interface WordingsPreviewProps {
  preview: EmailTemplatePreview;
  shown: PreviewWording;
  onShow: (wording: number) => void;
  customerName: string;
}

/**
 * A template written from the tone: the letters the phrase library may write for this customer,
 * one tab each, so a person sees the range of what goes out before choosing it. Send to me sends
 * the one shown.
 */
export function WordingsPreview({ preview, shown, onShow, customerName }: WordingsPreviewProps) {
  const id = useId();
  const tabId = (wording: number) => `${id}-wording-${wording}`;
  const count = preview.wordings.length;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {count > 1
          ? `Written from the tone as each email goes: each customer and step gets one wording, always the same. ${COUNTED[count] ?? count} of the letters ${customerName} might get:`
          : `Written from the tone as each email goes. The letter ${customerName} might get:`}
      </Typography>
      {count > 1 ? (
        <Tabs
          value={shown.wording}
          onChange={(_event, wording: number) => onShow(wording)}
          aria-label="Wordings"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
        >
          {preview.wordings.map((w, index) => (
            <Tab key={w.wording} value={w.wording} id={tabId(w.wording)} aria-controls={`${tabId(w.wording)}-panel`} label={`Wording ${index + 1}`} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
      ) : null}
      <Box role={count > 1 ? 'tabpanel' : undefined} id={`${tabId(shown.wording)}-panel`} aria-labelledby={count > 1 ? tabId(shown.wording) : undefined}>
        <EmailPreviewView preview={{ ...preview, ...shown }} customerName={customerName} />
      </Box>
    </Stack>
  );
}
