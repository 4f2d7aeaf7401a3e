import { describe, expect, it, vi } from "vitest";
import { BROWSER_CART_MAX_LINES, browserCart } from "./browser-cart";

describe("browserCart", () => {
  it("when a tool is saved twice, then it keeps one line, in its first place, with the quantity and price saved last", () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    browserCart.save({ toolId: "t2", quantity: 5, seenPrice: 4.5 });
    browserCart.save({ toolId: "t1", quantity: 12, seenPrice: 19 });
    expect(browserCart.lines()).toEqual([
      { toolId: "t1", quantity: 12, seenPrice: 19 },
      { toolId: "t2", quantity: 5, seenPrice: 4.5 },
    ]);
    expect(JSON.parse(localStorage.getItem("cart")!)).toEqual(browserCart.lines());
  });

  it("when nothing changed, then it gives the same lines, as a store React reads must", () => {
    browserCart.save({ toolId: "t1", quantity: 10 });
    expect(browserCart.lines()).toBe(browserCart.lines());
  });

  it("when the cart holds as many lines as an account's may, then a new tool is refused and a tool in it still changes", () => {
    for (let index = 0; index < BROWSER_CART_MAX_LINES; index++) browserCart.save({ toolId: `t${index}`, quantity: 1 });
    expect(browserCart.save({ toolId: "one-more", quantity: 1 })).toBe(false);
    expect(browserCart.save({ toolId: "t0", quantity: 3 })).toBe(true);
    expect(browserCart.lines()).toHaveLength(BROWSER_CART_MAX_LINES);
  });

  it("when a line is removed, then the others stay; the last one gone, nothing is left in storage", () => {
    browserCart.save({ toolId: "t1", quantity: 10 });
    browserCart.save({ toolId: "t2", quantity: 5 });
    browserCart.remove("t1");
    expect(browserCart.lines()).toEqual([{ toolId: "t2", quantity: 5 }]);
    browserCart.remove("t2");
    expect(localStorage.getItem("cart")).toBeNull();
  });

  it("when the merged lines are forgotten, then a line added or changed meanwhile stays", () => {
    browserCart.save({ toolId: "t1", quantity: 10 });
    browserCart.save({ toolId: "t2", quantity: 5 });
    const sent = browserCart.lines();
    browserCart.save({ toolId: "t2", quantity: 7 });
    browserCart.save({ toolId: "t3", quantity: 1 });
    browserCart.forget(sent);
    expect(browserCart.lines()).toEqual([
      { toolId: "t2", quantity: 7 },
      { toolId: "t3", quantity: 1 },
    ]);
  });

  it("when storage holds something else, then only well-formed lines are read", () => {
    localStorage.setItem("cart", JSON.stringify([{ toolId: "t1", quantity: 2 }, { toolId: "", quantity: 1 }, { toolId: "t3", quantity: 1.5 }, "junk"]));
    expect(browserCart.lines()).toEqual([{ toolId: "t1", quantity: 2 }]);
    localStorage.setItem("cart", "{not json");
    expect(browserCart.lines()).toEqual([]);
  });

  it("when the cart changes, here or in another tab, then its readers are told", () => {
    const listener = vi.fn();
    const stop = browserCart.subscribe(listener);
    browserCart.save({ toolId: "t1", quantity: 10 });
    window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "accessToken" }));
    stop();
    browserCart.remove("t1");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
