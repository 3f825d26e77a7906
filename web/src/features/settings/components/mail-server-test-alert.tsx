import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { MailServerTestResult } from '@receivables/contracts';

/** What "Test connection" found: our sentence, then the server's own words as it said them. */
export function MailServerTestAlert({ result }: { result: MailServerTestResult }) {
  return (
    <Alert severity={result.ok ? 'success' : 'error'} role="status" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>{result.ok ? 'Connection works' : 'Connection failed'}</AlertTitle>
      {result.message}
      {result.server_response ? (
        <Box
          component="pre"
          aria-label="The server’s answer"
          sx={{ m: 0, mt: 1, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {result.server_response}
        </Box>
      ) : null}
    </Alert>
  );
}
