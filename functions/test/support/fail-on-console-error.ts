import { afterEach, vi } from "vitest";

// An error printed during a test is a defect the assertions did not catch.
const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length > 0) {
    const printed = errors.splice(0).map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called:\n${printed}`);
  }
});
