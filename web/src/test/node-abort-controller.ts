import { transferableAbortController } from "node:util";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * For test files whose queries really fetch: react-query gives each query an AbortSignal, made by
 * the global AbortController, which jsdom replaces with its own, and Node's fetch (which MSW
 * intercepts) refuses a signal that is not Node's. In a browser both are the same; this makes them
 * the same here, for the file that calls it.
 */
export function useNodeAbortController() {
  beforeAll(() => vi.stubGlobal("AbortController", transferableAbortController().constructor));
  afterAll(() => vi.unstubAllGlobals());
}
