import { describe, expect, it } from "vitest";
import { DocumentLanes } from "./document-lanes.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("document lanes", () => {
  it("when two changes read the same document, then the second waits until the first is done; another document does not wait", async () => {
    const lanes = new DocumentLanes();
    const first = lanes.holder();
    const second = lanes.holder();
    const third = lanes.holder();
    const seen: string[] = [];
    await first.enter(["tools/a"]);
    const secondIn = second.enter(["tools/a"]).then(() => void seen.push("second"));
    await third.enter(["tools/b"]);
    seen.push("third");
    await tick();
    expect(seen).toEqual(["third"]);
    first.release();
    await secondIn;
    expect(seen).toEqual(["third", "second"]);
    second.release();
    third.release();
  });

  it("when a change enters a lane it holds already, then it goes on at once", async () => {
    const holder = new DocumentLanes().holder();
    await holder.enter(["tools/a", "orders/b"]);
    await holder.enter(["tools/a"]);
    holder.release();
  });

  it("when a lane's holder does not leave in time, then the next goes on without it rather than wait for good", async () => {
    const lanes = new DocumentLanes(20);
    const stuck = lanes.holder();
    await stuck.enter(["tools/a"]);
    const started = Date.now();
    await lanes.holder().enter(["tools/a"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    stuck.release();
  });
});
