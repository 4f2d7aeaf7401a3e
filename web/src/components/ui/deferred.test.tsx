import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Deferred } from "./deferred";

/** An IntersectionObserver the test drives: `enterView()` tells every observer its element is in view. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { enterView: () => callbacks.forEach((callback) => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)) };
}

afterEach(() => vi.unstubAllGlobals());

describe("Deferred", () => {
  it("when the page has just opened, then a box of the given height holds the place and the content is not rendered", () => {
    stubIntersectionObserver();
    const { container } = render(<Deferred minHeight="36rem">Wish form</Deferred>);
    expect(screen.queryByText("Wish form")).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveStyle({ minHeight: "36rem" });
  });

  it.each(["scroll", "pointerdown", "keydown", "touchstart"])("when the person's first move is a %s, then the content is rendered", (type) => {
    stubIntersectionObserver();
    render(<Deferred minHeight="36rem">Wish form</Deferred>);
    act(() => void window.dispatchEvent(new Event(type)));
    expect(screen.getByText("Wish form")).toBeInTheDocument();
  });

  it("when its place comes into view (a tall screen), then the content is rendered", () => {
    const observer = stubIntersectionObserver();
    render(<Deferred minHeight="36rem">Wish form</Deferred>);
    act(() => observer.enterView());
    expect(screen.getByText("Wish form")).toBeInTheDocument();
  });

  it("when nothing happens, then the content is rendered once the page has settled (for a screen reader, which moves without scrolling)", () => {
    vi.useFakeTimers();
    stubIntersectionObserver();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal("cancelIdleCallback", (handle: number) => clearTimeout(handle));
    render(<Deferred minHeight="36rem">Wish form</Deferred>);
    act(() => void vi.advanceTimersByTime(4000));
    expect(screen.queryByText("Wish form")).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1001));
    expect(screen.getByText("Wish form")).toBeInTheDocument();
    vi.useRealTimers();
  });

  it("when the browser cannot tell what is in view, then the content is rendered at once", () => {
    render(<Deferred minHeight="36rem">Wish form</Deferred>);
    expect(screen.getByText("Wish form")).toBeInTheDocument();
  });
});
