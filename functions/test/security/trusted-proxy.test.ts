import { randomInt } from "node:crypto";
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { createTokenService } from "../../src/lib/tokens.js";
import { createAccount, type FirebaseAccount } from "../support/auth-emulator.js";
import { awayFromWindowEdge, clearRateLimits, storedDataOf } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { createTestStores, type TestStores } from "../support/stores.js";
import { NO_RATE_LIMITS, PROJECT_ID, TOKEN_SECRET } from "../support/test-app.js";

// The sign-in exchange is limited per client address (3 a minute here). Which address that is
// depends on TRUST_PROXY_HOPS: the socket's (0, the plain server), or the one the trusted proxy
// appended to X-Forwarded-For (1, behind Google's front end). A client writing the header itself
// must not get a new budget either way.

let testStores: TestStores;
let account: FirebaseAccount;
let app: FastifyInstance | undefined;
let baseUrl: string;

beforeAll(async () => {
  testStores = await createTestStores({ poolMax: 5 });
  account = await createAccount("proxied");
});
// Windows are fixed minutes of the store's clock: each test starts at least 10 seconds before
// the next one, so a window ending halfway cannot hand out a fresh budget.
beforeEach(() => awayFromWindowEdge(storedDataOf(testStores)));
// Each test gets an app of its own, an instance with its own stores, and the counters, kept in the
// store, start empty.
afterEach(async () => {
  await app?.close();
  app = undefined;
  await clearRateLimits(storedDataOf(testStores));
});
afterAll(async () => {
  await testStores?.close();
});

async function startApi(trustProxyHops: number) {
  app = await createApp({
    stores: testStores.another(),
    identity: firebaseIdentity(PROJECT_ID),
    tokens: createTokenService(TOKEN_SECRET, 3600),
    rateLimits: { ...NO_RATE_LIMITS, signIn: 3 },
    trustProxyHops,
  });
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
}

/** A sign-in exchange; a made-up ID token is refused with 401 but spends the budget all the same. */
async function exchange(headers: Record<string, string>, idToken = "not-an-id-token"): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/${encodeURIComponent(account.email)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${idToken}`, ...headers },
  });
  await response.arrayBuffer();
  return response.status;
}

const forged = () => `198.51.100.${randomInt(1, 255)}`;

describe("with no trusted proxy (TRUST_PROXY_HOPS=0, the plain server)", () => {
  it("when a client sends a new X-Forwarded-For with every exchange, then it is still one client and the 4th is 429, even with a valid ID token", async () => {
    await startApi(0);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": forged() })).toBe(401);

    const refused = await fetch(`${baseUrl}/api/user/${encodeURIComponent(account.email)}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${account.idToken}`, "x-forwarded-for": forged(), "x-real-ip": forged() },
    });
    expectProblem({ status: refused.status, headers: refused.headers, body: await refused.json() }, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await exchange({})).toBe(429);
  });
});

describe("behind one trusted proxy (TRUST_PROXY_HOPS=1, the Cloud Function)", () => {
  it("when the proxy appends different addresses, then they are different clients: one out of budget does not stop the other", async () => {
    await startApi(1);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": "203.0.113.10" })).toBe(401);
    expect(await exchange({ "x-forwarded-for": "203.0.113.10" })).toBe(429);

    expect(await exchange({ "x-forwarded-for": "203.0.113.20" })).toBe(401);
  });

  it("when a client writes its own entries in front of the address the proxy appended, then it is still limited by that address", async () => {
    await startApi(1);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": `${forged()}, 203.0.113.30` })).toBe(401);
    expect(await exchange({ "x-forwarded-for": `${forged()}, ${forged()}, 203.0.113.30` })).toBe(429);
    expect(await exchange({ "x-forwarded-for": `${forged()},203.0.113.30` }, account.idToken)).toBe(429);
    expect(await exchange({ "x-forwarded-for": "203.0.113.30" })).toBe(429);
  });

  it("when the last entry is not an IP address, then it is ignored: every such request counts under the connection's own address", async () => {
    await startApi(1);
    const junk = [`client-${randomInt(1e9)}`, `203.0.113.${randomInt(1, 255)}:443`, "[2001:db8::1]", "unknown"];
    for (const entry of junk.slice(0, 3)) expect(await exchange({ "x-forwarded-for": `203.0.113.50, ${entry}` })).toBe(401);
    expect(await exchange({ "x-forwarded-for": junk[3]! })).toBe(429);
    // The connection's own address (127.0.0.1) is the budget those spent.
    expect(await exchange({})).toBe(429);
    expect(await exchange({ "x-forwarded-for": "203.0.113.51" })).toBe(401);
  });

  it("when IPv6 clients write addresses within one /64, then they share one budget; the next /64 has its own", async () => {
    await startApi(1);
    for (const address of ["2001:db8:7:1::a", "2001:DB8:7:1:ffff:ffff:ffff:ffff", "2001:db8:7:1:0:0:0:b"]) {
      expect(await exchange({ "x-forwarded-for": address })).toBe(401);
    }
    expect(await exchange({ "x-forwarded-for": `2001:0db8:0007:0001::${randomInt(1, 0xffff).toString(16)}` })).toBe(429);
    expect(await exchange({ "x-forwarded-for": "2001:db8:7:2::a" })).toBe(401);
  });

  it("when an IPv4 client is written as IPv4-mapped IPv6, then it is the same client as its IPv4 address", async () => {
    await startApi(1);
    for (const address of ["::ffff:203.0.113.40", "::FFFF:cb00:7128", "203.0.113.40"]) expect(await exchange({ "x-forwarded-for": address })).toBe(401);
    expect(await exchange({ "x-forwarded-for": "0:0:0:0:0:ffff:203.0.113.40" })).toBe(429);
    expect(await exchange({ "x-forwarded-for": "203.0.113.41" })).toBe(401);
  });
});

// What `npm start` puts between a browser and the API, each hop run from its own code where it can be
// run alone:
// - the front door, scripts/front-door.mjs: appends the address of its caller to X-Forwarded-For, as
//   Google's front end does;
// - the Hosting emulator's rewrite to the function, firebase-tools 15.34 lib/hosting/proxy.js
//   proxyRequestHandler: copies the request's headers as they came, adds X-Forwarded-Host and
//   X-Original-Url, and nothing to X-Forwarded-For;
// - the Functions emulator's hub, lib/emulator/functionsEmulator.js handleHttpsTrigger: hands
//   `headers: req.headers` to the worker pool unchanged (reproduced here as a server that does that);
// - the worker, lib/emulator/functionsRuntimeWorker.js RuntimeWorker.request: sends those headers
//   with http.request over the runtime's Unix socket (startNode: PORT is a socket path);
// - the runtime, lib/emulator/functionsEmulatorRuntime.js: an express app on that socket, which hands
//   the request to the function; here, as functions/src/index.ts does, straight to Fastify's handler.
// So the last entry is the front door's, the one TRUST_PROXY_HOPS=1 reads, and the API's socket has
// no address.
const require = createRequire(import.meta.url);
const { proxyRequestHandler } = require("firebase-tools/lib/hosting/proxy.js");
const { RuntimeWorker } = require("firebase-tools/lib/emulator/functionsRuntimeWorker.js");
const { IPCConn } = require("firebase-tools/lib/emulator/functionsEmulator.js");
const frontDoorModule = new URL("../../../scripts/front-door.mjs", import.meta.url).href;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const listening = (server: Server, where: number | string) =>
  new Promise<Server>((resolve) => server.listen(where as number, "127.0.0.1", () => resolve(server)));
const listeningOnSocket = (server: Server, path: string) => new Promise<Server>((resolve) => server.listen(path, () => resolve(server)));
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const urlOf = (server: Server) => `http://127.0.0.1:${portOf(server)}`;

interface EmulatorChain {
  /** The shop's address: the front door. */
  url: string;
  /** The Hosting emulator's own port, which a local client can call around the front door. */
  hostingUrl: string;
  /** The headers and the address each request reached the API with. */
  arrived: { headers: IncomingMessage["headers"]; ip: string | undefined }[];
  stop(): Promise<void>;
}

async function startEmulatorChain(trustProxyHops: number): Promise<EmulatorChain> {
  let route: Handler | undefined;
  app = await createApp({
    stores: testStores.another(),
    identity: firebaseIdentity(PROJECT_ID),
    tokens: createTokenService(TOKEN_SECRET, 3600),
    rateLimits: { ...NO_RATE_LIMITS, signIn: 3 },
    trustProxyHops,
    serverFactory: (handler) => {
      route = handler;
      return createServer();
    },
  });
  const arrived: EmulatorChain["arrived"] = [];
  app.addHook("onRequest", async (request) => {
    arrived.push({ headers: request.headers, ip: request.ip as string | undefined });
  });
  await app.ready();

  const folder = mkdtempSync(join(tmpdir(), "toolshop-emulator-chain-"));
  const socketPath = join(folder, "runtime.sock");
  const runtime = await listeningOnSocket(createServer((request, response) => route!(request, response)), socketPath);

  const childProcess = Object.assign(new EventEmitter(), { kill: () => undefined });
  const hub = await listening(
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        // A worker per request, as the emulator starts a runtime per concurrent request.
        const worker = new RuntimeWorker(undefined, { process: childProcess, events: new EventEmitter(), cwd: folder, conn: new IPCConn(socketPath) }, {}, 60);
        worker.readyForWork();
        void worker.request({ method: request.method, path: request.url, headers: request.headers }, response, Buffer.concat(chunks));
      });
    }),
    0,
  );

  const rewrite = proxyRequestHandler(urlOf(hub), "Function us-central1/api");
  const hosting = await listening(
    createServer((request, response) => rewrite(request, response, () => response.writeHead(404).end())),
    0,
  );
  const { startFrontDoor } = (await import(frontDoorModule)) as {
    startFrontDoor(options: { port: number; target: { host: string; port: number } }): Promise<Server>;
  };
  const frontDoor = await startFrontDoor({ port: 0, target: { host: "127.0.0.1", port: portOf(hosting) } });

  const close = (server: Server) => new Promise((resolve) => server.close(resolve));
  return {
    url: urlOf(frontDoor),
    hostingUrl: urlOf(hosting),
    arrived,
    async stop() {
      await Promise.all([close(frontDoor), close(hosting), close(hub), close(runtime)]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A sign-in exchange through the chain, with an X-Forwarded-For of the sender's choosing. */
async function exchangeThrough(url: string, forwardedFor: string, idToken = "not-an-id-token"): Promise<number> {
  const response = await fetch(`${url}/api/user/${encodeURIComponent(account.email)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${idToken}`, "x-forwarded-for": forwardedFor },
  });
  await response.arrayBuffer();
  return response.status;
}

describe("under npm start: front door -> Hosting emulator -> Functions emulator -> runtime", () => {
  it("when a client sends X-Forwarded-For, then the API gets it with the front door's entry appended and none from the emulators, on a socket with no address", async () => {
    const chain = await startEmulatorChain(0);
    try {
      await (await fetch(`${chain.url}/api/health`, { headers: { "x-forwarded-for": "198.51.100.1, 198.51.100.2" } })).arrayBuffer();
      await (await fetch(`${chain.url}/api/health`)).arrayBuffer();
      expect(chain.arrived.map(({ headers }) => headers["x-forwarded-for"])).toEqual(["198.51.100.1, 198.51.100.2, 127.0.0.1", "127.0.0.1"]);
      // The Hosting emulator's own header: the requests went through its proxy.
      expect(chain.arrived.every(({ headers }) => typeof headers["x-forwarded-host"] === "string")).toBe(true);
      expect(chain.arrived.map(({ ip }) => ip)).toEqual([undefined, undefined]);
    } finally {
      await chain.stop();
    }
  });

  it("with TRUST_PROXY_HOPS=1, as scripts/start.mjs sets: the client's address is the front door's entry, and a client forging X-Forwarded-For each time gets 429 at the 4th exchange", async () => {
    const chain = await startEmulatorChain(1);
    try {
      expect(await exchangeThrough(chain.url, forged())).toBe(401);
      expect(await exchangeThrough(chain.url, `${forged()}, ${forged()}`)).toBe(401);
      expect(await exchangeThrough(chain.url, `${forged()},127.0.0.2`)).toBe(401);
      expect(await exchangeThrough(chain.url, forged(), account.idToken)).toBe(429);
      expect(chain.arrived.map(({ ip }) => ip)).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.1"]);
    } finally {
      await chain.stop();
    }
  });

  it("with one hop too many (2), then the client's own last entry would be its key and a forged one would escape: the count must be exactly the front door", async () => {
    const chain = await startEmulatorChain(2);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push(await exchangeThrough(chain.url, `198.51.100.${10 + i}`));
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await chain.stop();
    }
  });

  it("with TRUST_PROXY_HOPS=1, a request sent around the front door whose entry is not an address counts under the runtime's socket: one budget for all of them", async () => {
    const chain = await startEmulatorChain(1);
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push(await exchangeThrough(chain.hostingUrl, `not-an-address-${i}`));
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await chain.stop();
    }
  });

  it("a request sent to the Hosting emulator's own port, around the front door, carries only what its sender wrote: the local counterpart of calling a function straight, which the one-hop count cannot hold", async () => {
    const chain = await startEmulatorChain(1);
    try {
      await (await fetch(`${chain.hostingUrl}/api/health`, { headers: { "x-forwarded-for": "198.51.100.3" } })).arrayBuffer();
      expect(chain.arrived.map(({ headers, ip }) => [headers["x-forwarded-for"], ip])).toEqual([["198.51.100.3", "198.51.100.3"]]);
    } finally {
      await chain.stop();
    }
  });
});
