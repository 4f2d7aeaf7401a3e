import { startRuntime } from "./runtime.js";

/** Runs the same app as a plain Node server on DATABASE_URL, for self-hosting and benchmarks. */
async function main() {
  const runtime = await startRuntime();
  const { app, env } = runtime;
  await app.listen({ port: env.PORT, host: env.HOST });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
