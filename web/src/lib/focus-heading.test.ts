import { afterEach, describe, expect, it, vi } from "vitest";
import { focusPageHeading } from "./focus-heading";

function page(html: string) {
  const main = document.createElement("main");
  main.innerHTML = html;
  document.body.append(main);
  return main;
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("focusPageHeading", () => {
  it("when the new page has its heading, then the heading takes focus and is focusable by script only", () => {
    const main = page("<h1>My Orders</h1><button>Pay</button>");
    focusPageHeading(main);
    const heading = main.querySelector("h1")!;
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it("when the heading shows only once the page's data has loaded, then it takes focus then", async () => {
    const main = page('<div role="status">Loading…</div>');
    focusPageHeading(main);
    expect(document.activeElement).toBe(document.body);
    main.innerHTML = "<h1>Claw Hammer</h1>";
    await vi.waitFor(() => expect(document.activeElement).toBe(main.querySelector("h1")));
  });

  it("when the person has moved into the new page before its heading shows, then focus stays where they put it", async () => {
    const main = page('<input aria-label="Search">');
    focusPageHeading(main);
    const search = main.querySelector("input")!;
    search.focus();
    main.insertAdjacentHTML("afterbegin", "<h1>Tools</h1>");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(search);
  });

  it("when it was stopped (another page came first), then a heading shown later does not take focus", async () => {
    const main = page("");
    const stop = focusPageHeading(main);
    stop();
    main.innerHTML = "<h1>Late</h1>";
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.body);
  });

  it("when no heading shows for ten seconds, then it stops waiting", () => {
    vi.useFakeTimers();
    const main = page("");
    const disconnect = vi.spyOn(MutationObserver.prototype, "disconnect");
    focusPageHeading(main);
    vi.advanceTimersByTime(10_000);
    expect(disconnect).toHaveBeenCalled();
  });

  it("when a heading already has a tabindex, then it is kept", () => {
    const main = page('<h1 tabindex="0">Blogs</h1>');
    focusPageHeading(main);
    expect(main.querySelector("h1")!.getAttribute("tabindex")).toBe("0");
    expect(document.activeElement).toBe(main.querySelector("h1"));
  });
});
