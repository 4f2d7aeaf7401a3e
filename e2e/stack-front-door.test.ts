import { createServer, type IncomingMessage, request as send, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

// The local front door's queue for API calls (scripts/front-door.mjs), in front of a stand-in for the
// Hosting emulator that holds each call until the test lets it answer: what reaches the emulators,
// when, and what a caller is told when the queue is full.

interface FrontDoorOptions {
  port: number;
  target: { host: string; port: number };
  apiConcurrency?: number;
  apiQueueMax?: number;
  apiQueueWaitMs?: number;
}
const { startFrontDoor } = (await import(new URL("../scripts/front-door.mjs", import.meta.url).href)) as {
  startFrontDoor(options: FrontDoorOptions): Promise<Server>;
};

interface Held {
  path: string;
  answer(): void;
}

/** The stand-in for the Hosting emulator: every request waits in `held` until it is answered. */
interface Emulators {
  port: number;
  held: Held[];
  /** The most requests it had at once. */
  peak: number;
  seen: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function startEmulators(): Promise<Emulators> {
  const emulators: Emulators = { port: 0, held: [], peak: 0, seen: [] };
  let open = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    emulators.seen.push(request.url!);
    open += 1;
    emulators.peak = Math.max(emulators.peak, open);
    request.resume();
    emulators.held.push({
      path: request.url!,
      answer() {
        open -= 1;
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: request.url }));
      },
    });
  });
  emulators.port = await listen(server);
  return emulators;
}

async function startDoor(emulators: Emulators, options: Partial<FrontDoorOptions>): Promise<string> {
  const door = await startFrontDoor({ port: 0, target: { host: "127.0.0.1", port: emulators.port }, ...options });
  servers.push(door);
  return `http://127.0.0.1:${(door.address() as AddressInfo).port}`;
}

/** Answers what is held, one at a time, until `count` requests were answered. */
async function answerAll(emulators: Emulators, count: number) {
  for (let answered = 0; answered < count; answered += 1) {
    await expect.poll(() => emulators.held.length, { timeout: 5_000, interval: 5 }).toBeGreaterThan(0);
    emulators.held.shift()!.answer();
  }
}

describe("the front door's queue for API calls", () => {
  it("when 12 calls arrive at once and 3 may pass, then the emulators never hold more than 3, and every call is answered, in the order it came", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 3 });
    const calls = Array.from({ length: 12 }, (_, i) => fetch(`${door}/api/orders?n=${i}`, { method: "POST", body: "{}" }));
    await expect.poll(() => emulators.held.length).toBe(3);

    await answerAll(emulators, 12);

    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(emulators.peak).toBe(3);
    // The first three left together; the rest were let through as places came free.
    expect(emulators.seen.slice(3)).toEqual(Array.from({ length: 9 }, (_, i) => `/api/orders?n=${i + 3}`));
  });

  it("when every place is taken, then pages and files still pass at once", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 1 });
    const call = fetch(`${door}/api/tools`);
    await expect.poll(() => emulators.held.length).toBe(1);

    const page = fetch(`${door}/dashboard`);
    const image = fetch(`${door}/images/tools/claw-hammer.svg`);
    await expect.poll(() => emulators.seen).toEqual(["/api/tools", "/dashboard", "/images/tools/claw-hammer.svg"]);
    await answerAll(emulators, 3);
    expect((await Promise.all([call, page, image])).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it("when the queue is full, then the next call gets 503 problem+json with Retry-After at once, and never reaches the emulators", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 1, apiQueueMax: 2 });
    const waiting = [fetch(`${door}/api/orders?n=0`), fetch(`${door}/api/orders?n=1`), fetch(`${door}/api/orders?n=2`)];
    await expect.poll(() => emulators.held.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const refused = await fetch(`${door}/api/orders?n=3`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ status: 503, title: "Service Unavailable", code: "unavailable" });

    await answerAll(emulators, 3);
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(emulators.seen).not.toContain("/api/orders?n=3");
  });

  it("when a call waits longer than the queue allows, then it gets 503 with Retry-After and never reaches the emulators", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 1, apiQueueWaitMs: 300 });
    const first = fetch(`${door}/api/tools`);
    await expect.poll(() => emulators.held.length).toBe(1);

    const late = await fetch(`${door}/api/orders`, { method: "POST", body: "{}" });
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBeTruthy();
    await answerAll(emulators, 1);
    expect((await first).status).toBe(200);
    expect(emulators.seen).toEqual(["/api/tools"]);
  });

  it("when a waiting caller goes away, then its call leaves the queue: the emulators never see it, and the next caller gets the place", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 1 });
    const first = fetch(`${door}/api/tools`);
    await expect.poll(() => emulators.held.length).toBe(1);

    // A raw request, so that the test can drop its connection while it waits.
    const leaving = send(`${door}/api/orders?gone`, { method: "POST" });
    leaving.on("error", () => undefined);
    leaving.end("{}");
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const next = fetch(`${door}/api/orders?next`, { method: "POST", body: "{}" });
    await answerAll(emulators, 2);
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
    expect(emulators.seen).toEqual(["/api/tools", "/api/orders?next"]);
  });

  it("when a caller goes away while the emulators work on its call, then the place comes free once they have answered", async () => {
    const emulators = await startEmulators();
    const door = await startDoor(emulators, { apiConcurrency: 1 });
    const leaving = send(`${door}/api/orders?left`, { method: "POST" });
    leaving.on("error", () => undefined);
    leaving.end("{}");
    await expect.poll(() => emulators.held.length).toBe(1);
    leaving.destroy();

    const next = fetch(`${door}/api/tools`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still the emulators' until they answer: the next call has not been let through.
    expect(emulators.seen).toEqual(["/api/orders?left"]);
    await answerAll(emulators, 2);
    expect((await next).status).toBe(200);
  });
});
