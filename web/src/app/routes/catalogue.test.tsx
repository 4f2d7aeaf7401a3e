import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Tool } from "@api/tools/tools.schemas";
import type { Session } from "@/lib/auth";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { server } from "@/test/server";
import { CatalogueRoute } from "./catalogue";

useNodeAbortController();
const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session, useAdminStatus: () => ({ isLoading: false, isAdmin: false }) }));

const tools: Tool[] = ["Claw Hammer", "Spirit Level"].map((name, index) => ({
  _id: `tool-${index + 1}`,
  name,
  img: `/images/tools/tool-${index + 1}.svg`,
  price: 10 + index,
  description: `The ${name} of the tests.`,
  moq: 5 + index,
  aq: 50,
}));

describe("the catalogue, as the app shows it", () => {
  it("when the tools are listed, then each card has the contract's Place Order and, beside it, Add to cart starting at the tool's minimum order", async () => {
    server.use(http.get("/api/catalogue", () => HttpResponse.json({ tools, next: null })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/tools"]}>
          <CatalogueRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    cards.forEach((card, index) => {
      const buttons = within(card).getAllByRole("button").map((button) => button.textContent);
      expect(buttons).toEqual(["Place Order", "Add to cart"]);
      expect(within(card).getByLabelText("Quantity")).toHaveValue(tools[index]!.moq);
    });
  });
});
