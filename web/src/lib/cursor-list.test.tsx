import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { cursorQuery, useCursorList } from "./cursor-list";

describe("cursorQuery", () => {
  it("when a search has empty parameters, then they are left out and the cursor and page size follow the search's own, in that order", () => {
    const query = cursorQuery({ q: "drill", status: "", role: "admin" }, "cursor-2", 25);
    expect(Object.entries(query)).toEqual([
      ["q", "drill"],
      ["role", "admin"],
      ["cursor", "cursor-2"],
      ["limit", "25"],
    ]);
  });

  it("when it is the first page of a list without a page size, then there is neither cursor nor limit", () => {
    expect(cursorQuery({ q: "" }, null)).toEqual({});
  });
});

describe("useCursorList", () => {
  it("when the next page is fetched, then it is asked for with the last page's next, until a page has none", async () => {
    const fetchPage = vi.fn(async (cursor: string | null) => (cursor ? { items: [2], next: null } : { items: [1], next: "cursor-1" }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCursorList(["things"], fetchPage), { wrapper });

    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());

    await waitFor(() => expect(result.current.data?.pages.flatMap((page) => page.items)).toEqual([1, 2]));
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, "cursor-1"]);
    expect(result.current.hasNextPage).toBe(false);
  });
});
