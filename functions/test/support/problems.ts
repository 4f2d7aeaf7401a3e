import { expect } from "vitest";
import type { ApiResponse } from "./test-app.js";

// What must never reach a client: a stack frame, a source path, or the database's own words.
const LEAKS = [/\bat \S+ \(/, /node_modules/, /\.[cm]?[jt]s:\d+/, /\bselect\b.*\bfrom\b/i, /\binsert into\b/i, /\bviolates\b/i, /\brelation "/i, /\bsyntax error at\b/i, /\bdrizzle\b/i];

/** An RFC 9457 problem with the given status, free of internals. */
export function expectProblem(response: ApiResponse, status: number) {
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  const text = JSON.stringify(response.body);
  for (const leak of LEAKS) expect(text).not.toMatch(leak);
}

/** A schema failure: 400 with the fields at fault. */
export function expectValidationProblem(response: ApiResponse) {
  expectProblem(response, 400);
  const { errors } = response.body as { errors?: unknown };
  expect(errors).toEqual(expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]));
  expect((errors as unknown[]).length).toBeGreaterThan(0);
}
