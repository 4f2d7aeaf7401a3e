import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useIdempotencyKey } from "./use-idempotency-key";

describe("useIdempotencyKey", () => {
  it("when the same body is sent again, then it goes with the same key; a different body gets a new one", () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current({ lines: [{ toolId: "t1", quantityAmount: 10 }] });
    expect(result.current({ lines: [{ toolId: "t1", quantityAmount: 10 }] })).toBe(first);
    const second = result.current({ lines: [{ toolId: "t1", quantityAmount: 11 }] });
    expect(second).not.toBe(first);
    expect(result.current({ lines: [{ toolId: "t1", quantityAmount: 10 }] })).not.toBe(first);
  });

  it("when another form asks, then its keys are its own", () => {
    const one = renderHook(() => useIdempotencyKey());
    const two = renderHook(() => useIdempotencyKey());
    expect(one.result.current({ a: 1 })).not.toBe(two.result.current({ a: 1 }));
  });
});
