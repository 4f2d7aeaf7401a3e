import { z } from "zod";
import type { JobContext, ScheduledJob } from "./schedule.js";

const timerSettingsSchema = z.object({
  /**
   * Runs every job this often instead of on its schedule, for tests that cannot wait 15 minutes
   * (say JOBS_INTERVAL_SECONDS=1 with ORDER_HOLD_MINUTES=0.02). Only these local timers read it;
   * Cloud Scheduler keeps to the schedule.
   */
  JOBS_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).optional(),
});

export interface JobTimers {
  /** Stops the timers and waits for runs under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the scheduled jobs where nothing schedules them: the plain server and `npm start`. Each
 * job runs once at start (work left from while the shop was down) and then on its interval; a run
 * still under way when the next is due is not overtaken. A failed run is logged and retried on
 * the next tick, as Cloud Scheduler retries on the next invocation.
 */
export function runOnTimers(jobs: Record<string, ScheduledJob>, context: JobContext, source: NodeJS.ProcessEnv = process.env): JobTimers {
  const parsed = timerSettingsSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: JOBS_INTERVAL_SECONDS: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  const overrideMs = parsed.data.JOBS_INTERVAL_SECONDS === undefined ? undefined : parsed.data.JOBS_INTERVAL_SECONDS * 1000;

  const timers = Object.entries(jobs).map(([name, job]) => {
    let running: Promise<void> | undefined;
    const tick = () => {
      running ??= job
        .run(context)
        .catch((error: unknown) => context.log.error(`${name} failed: ${describe(error)}`))
        .finally(() => {
          running = undefined;
        });
    };
    tick();
    const timer = setInterval(tick, overrideMs ?? job.localIntervalMs ?? job.intervalMs);
    // The timers alone must not keep a process alive that is otherwise done.
    timer.unref();
    return { timer, running: () => running };
  });

  return {
    async stop() {
      for (const { timer } of timers) clearInterval(timer);
      await Promise.all(timers.map(({ running }) => running()));
    },
  };
}
