import type { JobQueue, JobSendOptions } from '../../src/jobs/job-queue';

export interface RecordedJob {
  name: string;
  data: object;
  options: JobSendOptions | undefined;
}

/** A JobQueue that only remembers what was sent: tests then run the job's handler themselves. */
export interface RecordingJobQueue extends JobQueue {
  readonly sent: RecordedJob[];
}

export function recordingJobQueue(): RecordingJobQueue {
  const sent: RecordedJob[] = [];
  return {
    sent,
    send: (name, data, options) => {
      sent.push({ name, data, options });
      return Promise.resolve(crypto.randomUUID());
    },
  };
}
