import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env.js";
import { type JobTimers, runOnTimers } from "./run-on-timers.js";
import type { JobContext, ScheduledJob } from "./schedule.js";

const FAST = { JOBS_INTERVAL_SECONDS: "0.02" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let timers: JobTimers | undefined;
afterEach(async () => {
  await timers?.stop();
  timers = undefined;
});

function context(): JobContext & { errors: string[] } {
  const errors: string[] = [];
  return { env: loadEnv({}), log: { info: () => undefined, error: (message) => errors.push(message) }, errors };
}

function job(run: ScheduledJob["run"]): ScheduledJob {
  return { schedule: "every 15 minutes", intervalMs: 15 * 60_000, timeoutSeconds: 60, run };
}

describe("scheduled jobs on local timers", () => {
  it("when the timers start, then each job runs at once and again on JOBS_INTERVAL_SECONDS", async () => {
    let runs = 0;
    timers = runOnTimers({ count: job(async () => void runs++) }, context(), FAST);
    expect(runs).toBe(1);
    await sleep(150);
    expect(runs).toBeGreaterThanOrEqual(3);
  });

  it("when no interval is set, then a job keeps to its own interval and runs only at start within it", async () => {
    let runs = 0;
    timers = runOnTimers({ count: job(async () => void runs++) }, context(), {});
    await sleep(100);
    expect(runs).toBe(1);
  });

  it("when a run is still under way at the next tick, then the tick does not start a second one beside it", async () => {
    let running = 0;
    let most = 0;
    timers = runOnTimers(
      {
        slow: job(async () => {
          most = Math.max(most, ++running);
          await sleep(100);
          running--;
        }),
      },
      context(),
      FAST,
    );
    await sleep(250);
    expect(most).toBe(1);
  });

  it("when a run fails, then the failure is logged with the job's name and the next tick runs it again", async () => {
    const log = context();
    let runs = 0;
    timers = runOnTimers(
      {
        flaky: job(async () => {
          runs++;
          throw new Error("database unreachable");
        }),
      },
      log,
      FAST,
    );
    await sleep(150);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(log.errors[0]).toBe("flaky failed: database unreachable");
  });

  it("when stopped during a run, then stop waits for that run and no run starts after it", async () => {
    let finished = 0;
    let started = 0;
    const running = runOnTimers(
      {
        slow: job(async () => {
          started++;
          await sleep(50);
          finished++;
        }),
      },
      context(),
      FAST,
    );
    await running.stop();
    expect(finished).toBe(1);
    await sleep(80);
    expect(started).toBe(1);
  });

  it("when JOBS_INTERVAL_SECONDS is not a positive number, then the timers refuse to start and say which setting", () => {
    for (const value of ["0", "-1", "soon"]) {
      expect(() => runOnTimers({}, context(), { JOBS_INTERVAL_SECONDS: value })).toThrow(/JOBS_INTERVAL_SECONDS/);
    }
  });
});
