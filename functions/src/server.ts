import { z } from "zod";
import { runOnTimers } from "./jobs/run-on-timers.js";
import { SCHEDULED_JOBS } from "./jobs/schedule.js";
import { exitOnSignals, runMain } from "./cli/process-lifecycle.js";
import { startRuntime } from "./runtime.js";

// Only the plain server listens on a port; inside Cloud Functions PORT names a socket.
const listenSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default("127.0.0.1"),
});

/** Runs the same app as a plain Node server on DATABASE_URL, for self-hosting and benchmarks. */
runMain(async () => {
  const listen = listenSchema.parse(process.env);
  const runtime = await startRuntime();
  await runtime.app.listen({ port: listen.PORT, host: listen.HOST });
  // Cloud Functions runs these on a schedule; a plain server runs them itself.
  const jobs = runOnTimers(SCHEDULED_JOBS, { env: runtime.env, log: runtime.app.log });
  exitOnSignals(async () => {
    // Not waited for: a run has its own connection and works in transactions, so exiting in the
    // middle of one is what stopping a Cloud Function instance does, and is as safe.
    void jobs.stop();
    await runtime.close();
  });
});
