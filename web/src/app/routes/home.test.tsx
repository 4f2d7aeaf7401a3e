import { screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Tool } from "@api/tools/tools.schemas";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { ToolsSection } from "./home";

const tools: Tool[] = ["Cordless Drill", "Claw Hammer", "Adjustable Wrench", "Screwdriver Set", "Circular Saw", "Tape Measure"].map((name, index) => ({
  _id: `tool-${index + 1}`,
  name,
  img: `/images/tools/tool-${index + 1}.svg`,
  price: 10 + index,
  description: `The ${name} of the tests.`,
  moq: 5,
  aq: 50,
}));

useNodeAbortController();

describe("the home page's tools", () => {
  it("when the home page loads, then it asks for one page of the first 6 tools as listed, holds their place meanwhile, and links to the whole catalogue", async () => {
    const asked: string[] = [];
    server.use(
      http.get("/api/catalogue", async ({ request }) => {
        asked.push(new URL(request.url).search);
        await delay(50);
        return HttpResponse.json({ tools, next: "cursor-2" });
      }),
    );
    renderWithProviders(<ToolsSection />);

    // While the tools load: six placeholder cards, hidden from screen readers, and one "loading" for them.
    expect(screen.getByRole("status")).toHaveTextContent("Loading tools…");
    expect(document.querySelectorAll(".tool-card-skeleton")).toHaveLength(6);
    expect(screen.queryByRole("article")).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(6));
    expect(asked).toEqual(["?sort=listed&limit=6"]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    const cards = screen.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent)).toEqual(tools.map((tool) => tool.name));
    expect(cards.map((card) => within(card).getByRole("link").getAttribute("href"))).toEqual(tools.map((tool) => `/tools/${tool._id}`));
    expect(screen.getAllByRole("button", { name: "Place Order" })).toHaveLength(6);
    expect(screen.getByRole("link", { name: "View all tools" })).toHaveAttribute("href", "/tools");
  });
});
