import { type IncomingHttpHeaders, request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES, compressionZlib } from "../../src/lib/compression.js";
import { z } from "zod";
import { cachedSerializer } from "../../src/lib/send-json-bytes.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// fetch asks for gzip on its own and decodes what comes back, so these requests are made with
// node:http, which sends exactly the headers given and hands over the bytes as they came.

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let api: TestApi;
let buyer: SignedInUser;

function get(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = request(`${api.baseUrl}/api${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

const ordersPath = () => `/orders?userEmail=${encodeURIComponent(buyer.email)}`;

beforeAll(async () => {
  api = await TestApi.start();
  buyer = await api.signUp();
  const toolIds: string[] = [];
  for (let i = 0; i < 10; i++) toolIds.push(await api.addTool({ name: `Torque Wrench ${i}` }));
  for (const toolId of toolIds.slice(0, 4)) await api.placeOrder(buyer, toolId);
});
afterAll(() => api?.stop());

describe("compressed answers", () => {
  it("when a client accepts gzip, then the catalog comes gzipped and decodes to the plain answer's exact bytes", async () => {
    const plain = await get("/tools");
    const zipped = await get("/tools", { "accept-encoding": "gzip" });

    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toHaveLength(10);
  });

  it("when a client accepts br and gzip, then it gets br", async () => {
    const plain = await get("/tools");
    const answer = await get("/tools", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
  });

  it("when a client sends no Accept-Encoding, then the catalog is sent plain, as it always was", async () => {
    const plain = await get("/tools");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(JSON.parse(plain.body.toString())).toHaveLength(10);
  });

  it("when a client accepts only identity or an encoding the API does not make, then the answer is plain", async () => {
    for (const accepted of ["identity", "deflate", "gzip;q=0"]) {
      const answer = await get("/tools", { "accept-encoding": accepted });
      expect(answer.status, accepted).toBe(200);
      expect(answer.headers["content-encoding"], accepted).toBeUndefined();
    }
  });

  it("when a buyer's cached order list is over the threshold, then it is compressed too", async () => {
    const headers = { authorization: `Bearer ${buyer.token}` };
    const plain = await get(ordersPath(), headers);
    const zipped = await get(ordersPath(), { ...headers, "accept-encoding": "gzip" });
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it("when an answer serialized per request is large (the OpenAPI document), then it is compressed too", async () => {
    const zipped = await get("/openapi.json", { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toMatchObject({ openapi: "3.1.0" });
  });

  it("when an answer is under the threshold, then it is sent plain even to a client that accepts gzip", async () => {
    const health = await get("/health", { "accept-encoding": "gzip" });
    expect(health.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toBeTypeOf("object");
  });

  it("when a problem answer is sent to a client that accepts gzip, then it is still problem+json with its security headers", async () => {
    const problem = await get("/tools/00000000-0000-4000-8000-000000000000", { "accept-encoding": "gzip" });
    expect(problem.status).toBe(404);
    expect(problem.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(problem.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("compressing cached answers", () => {
  it("when the same cached bytes are compressed again, then the first result is reused; other bytes are compressed each time", () => {
    const catalog = z.object({ tools: z.array(z.object({ name: z.string() })) });
    const cached = cachedSerializer(catalog)({ tools: Array.from({ length: 50 }, (_, i) => ({ name: `Wrench ${i}` })) });
    expect(compressionZlib.gzipSync(cached)).toBe(compressionZlib.gzipSync(cached));
    expect(compressionZlib.brotliCompressSync(cached)).toBe(compressionZlib.brotliCompressSync(cached));
    expect(gunzipSync(compressionZlib.gzipSync(cached)).equals(cached)).toBe(true);
    expect(brotliDecompressSync(compressionZlib.brotliCompressSync(cached)).equals(cached)).toBe(true);

    const perRequest = Buffer.from(cached);
    expect(compressionZlib.gzipSync(perRequest)).not.toBe(compressionZlib.gzipSync(perRequest));
  });
});
