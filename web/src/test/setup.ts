import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from "vitest";
import { configureZod } from "@/lib/zod";
import { server } from "./server";

// As app/main.tsx does, so that schemas are built in tests as they are in the browser.
configureZod();

// jsdom has <dialog> but not its modal methods.
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

const describeLog = (args: unknown[]) => `console.error was called: ${args.map(String).join(" ")}`;

// A test that makes React (or anything else) log an error fails: such errors are bugs.
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(describeLog(args));
  });
});

// A request no handler answers is logged by MSW, and the throw above then lands inside MSW, which
// turns it into a 500 response the app may well survive: the log is checked again here so the test fails.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  const [logged] = consoleError.mock.calls;
  if (logged) throw new Error(describeLog(logged));
});
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
