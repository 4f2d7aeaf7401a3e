/** Runs a process's entry point; a failure prints its message alone, without a stack, and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** On the first SIGINT or SIGTERM, stops once and exits 0; a second signal meanwhile changes nothing. */
export function exitOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
