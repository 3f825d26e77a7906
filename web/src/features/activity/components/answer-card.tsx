import { zodResolver } from '@hookform/resolvers/zod';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ANSWER_SUBJECT_MAX,
  ANSWER_TEXT_MAX,
  type EventDetail,
  type InboundAnswerInput,
  type InboundAnswerResponse,
  type InboundEmailDetail,
  replySubject,
} from '@receivables/contracts';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useNotify } from '../../../lib/use-notify';
import { useAnswerInboundEmail } from '../api/answer-inbound-email';
import { describeMailbox, mailboxShortName } from '../inbound-words';

const answerSchema = z.object({
  subject: z.string().trim().max(ANSWER_SUBJECT_MAX, `Use at most ${ANSWER_SUBJECT_MAX} characters`),
  text: z.string().trim().min(1, 'Write your answer').max(ANSWER_TEXT_MAX, `Use at most ${ANSWER_TEXT_MAX.toLocaleString('en-GB')} characters`),
});
type AnswerForm = z.infer<typeof answerSchema>;
const FIELDS = ['subject', 'text'] as const;

/** Ctrl+Enter on Windows and Linux, ⌘+Enter on a Mac: what mail clients send with. */
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const SEND_KEYS = isMac ? '⌘+Enter' : 'Ctrl+Enter';

/**
 * One Idempotency-Key per answer: the same words sent again (a double click, a retry after the
 * network dropped) reuse it, so the server sends them once; other words get a new one.
 */
function useAnswerKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (input: InboundAnswerInput): string => {
    const body = JSON.stringify(input);
    if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
    return last.current.key;
  };
}

/** What the last answer became: sent, or waiting for the mail server to take it (retried by the sender). */
function SentNote({ sent, to }: { sent: InboundAnswerResponse; to: string }) {
  const isSent = sent.status === 'success';
  return (
    <Alert severity={isSent ? 'success' : 'info'} role="status">
      {isSent ? `Your answer was sent to ${to}. ` : `Your answer is waiting for the mail server and will be sent to ${to} shortly. `}
      <RouterLink to="/emails/$eventId" params={{ eventId: sent.answer_event_id }} underline="always">
        Open the answer
      </RouterLink>
    </Alert>
  );
}

/**
 * Answer a customer's reply in your own words (decision 0044): to whoever wrote it, "Re:" their
 * subject (editable), the message, Send — now, by the organisation's sender, threaded under their
 * email so it lands in the same conversation in their mail client and in the conversation beside.
 * A refusal is shown on its field, or above the form in the server's words (sending disabled, no
 * mail server).
 */
export function AnswerCard({ event, reply }: { event: EventDetail; reply: InboundEmailDetail }) {
  const notify = useNotify();
  const keyFor = useAnswerKey();
  const answer = useAnswerInboundEmail(event.id, reply.id, event.customer_id);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<InboundAnswerResponse | null>(null);
  const defaultSubject = replySubject(reply.subject || event.subject) ?? '';
  const { control, handleSubmit, setError, reset } = useForm<AnswerForm>({
    resolver: zodResolver(answerSchema),
    defaultValues: { subject: defaultSubject, text: '' },
  });
  const to = mailboxShortName(reply.from);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // A subject cleared is the default one, as the server chooses it.
    const input: InboundAnswerInput = { text: values.text, ...(values.subject ? { subject: values.subject } : {}) };
    try {
      const answered = await answer.mutateAsync({ input, key: keyFor(input) });
      setSent(answered);
      reset({ subject: defaultSubject, text: '' });
      notify(answered.status === 'success' ? `Answer sent to ${to}` : `Answer to ${to} will be sent shortly`, 'success');
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  const sendOnShortcut = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !answer.isPending) {
      e.preventDefault();
      void onSubmit();
    }
  };

  return (
    <SectionCard title="Answer" description="Write back to them from here: it is sent now, in the same conversation, and kept on the customer’s Activity.">
      <Box component="form" noValidate aria-label={`Answer ${to}`} onSubmit={(e) => void onSubmit(e)} onKeyDown={sendOnShortcut}>
        <Stack spacing={2}>
          {sent ? <SentNote sent={sent} to={to} /> : null}
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              To:{' '}
            </Box>
            {describeMailbox(reply.from)}
          </Typography>
          <FormTextField control={control} name="subject" label="Subject" autoComplete="off" disabled={answer.isPending} />
          <FormTextField
            control={control}
            name="text"
            label="Your answer"
            required
            multiline
            minRows={5}
            maxRows={16}
            disabled={answer.isPending}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <SubmitButton isPending={answer.isPending} endIcon={<SendRounded />} size="medium">
              {answer.isPending ? 'Sending…' : 'Send'}
            </SubmitButton>
            <Typography variant="body2" color="text.secondary">
              {`${SEND_KEYS} sends it too.`}
            </Typography>
          </Stack>
        </Stack>
      </Box>
    </SectionCard>
  );
}
