import { describe, expect, it } from "vitest";
import { createWindowCounter } from "./rate-limit.js";

function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe("the window counter", () => {
  it("when a key has used its limit, then it is refused until its window ends, with the seconds left to wait", () => {
    const time = clock();
    const counter = createWindowCounter(2, { windowMs: 60_000, now: time.now });
    expect(counter.take("a")).toEqual({ allowed: true });
    time.advance(15_500);
    expect(counter.take("a")).toEqual({ allowed: true });
    expect(counter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    time.advance(44_000);
    expect(counter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(500);
    expect(counter.take("a")).toEqual({ allowed: true });
  });

  it("when one key is out of requests, then another key still has its own", () => {
    const counter = createWindowCounter(1, { now: clock().now });
    expect(counter.take("user:a").allowed).toBe(true);
    expect(counter.take("user:a").allowed).toBe(false);
    expect(counter.take("user:b").allowed).toBe(true);
  });

  it("when a refused key keeps asking, then its refusals do not push its window further out", () => {
    const time = clock();
    const counter = createWindowCounter(1, { windowMs: 10_000, now: time.now });
    counter.take("a");
    for (let i = 0; i < 9; i += 1) {
      time.advance(1000);
      expect(counter.take("a").allowed).toBe(false);
    }
    time.advance(1000);
    expect(counter.take("a").allowed).toBe(true);
  });

  it("when many keys came once and their windows are over, then they are dropped rather than kept forever", () => {
    const time = clock();
    const counter = createWindowCounter(5, { windowMs: 1000, now: time.now });
    for (let i = 0; i < 10_000; i += 1) counter.take(`ip:10.0.${Math.floor(i / 256)}.${i % 256}`);
    expect(counter.size).toBe(10_000);
    time.advance(1000);
    counter.take("ip:192.0.2.1");
    expect(counter.size).toBe(1);
  });
});
