import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { CataloguePage, Tool } from "@api/tools/tools.schemas";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { CatalogueRoute } from "./catalogue";

const tool = (name: string, price: number, _id = `id-${name.toLowerCase().replace(/\W+/g, "-")}`): Tool => ({
  _id,
  name,
  price,
  img: `/images/tools/${_id}.svg`,
  description: `The ${name} of the tests.`,
  moq: 5,
  aq: 50,
});
const hammer = tool("Claw Hammer", 18.5);
const drill = tool("Cordless Drill", 89.99);
const level = tool("Spirit Level", 22.75);

/**
 * Answers GET /api/catalogue with `answer(query)` and keeps every query it is asked, in order.
 * `answer` sees the query's parameters as an object, so a test can answer per page.
 */
function catalogue(answer: (query: Record<string, string>) => CataloguePage | Response) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get("/api/catalogue", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const body = answer(query);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return asked;
}

/** The catalogue page at `url` in a router of its own, as the app has it, with the tool page beside it. */
function renderCatalogue(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/tools", element: <CatalogueRoute /> },
      { path: "/tools/:toolsId", element: <h1>The tool page</h1> },
    ],
    { initialEntries: [url] },
  );
  // As the app does, a page seen a moment ago is shown from the cache.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const location = () => router.state.location;
  return { router, location, search: () => Object.fromEntries(new URLSearchParams(location().search)) };
}

const cardNames = () => screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

useNodeAbortController();

describe("the catalogue page", () => {
  it("when the URL holds a search, a sort and the in-stock filter, then the page asks the API for them and its controls show them", async () => {
    const asked = catalogue(() => ({ tools: [hammer], next: null }));
    renderCatalogue("/tools?q=hamer&sort=price&inStock=true");

    expect(await screen.findByRole("heading", { name: "Claw Hammer", level: 2 })).toBeInTheDocument();
    expect(asked).toEqual([{ q: "hamer", sort: "price", inStock: "true" }]);
    expect(screen.getByRole("heading", { name: "Tools", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search tools" })).toHaveValue("hamer");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveDisplayValue("Price: low to high");
    expect(screen.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
  });

  it("when the URL holds no search, then it asks for every tool by name, and offers the three sorts", async () => {
    const asked = catalogue(() => ({ tools: [hammer, drill], next: null }));
    renderCatalogue("/tools");

    await screen.findByRole("heading", { name: "Cordless Drill" });
    expect(asked).toEqual([{ sort: "name" }]);
    expect(within(screen.getByRole("combobox", { name: "Sort by" })).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Name",
      "Price: low to high",
      "Newest",
    ]);
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  });

  it("when a card is shown, then its name is a real link to the tool's page, and its Place Order button leads there too", async () => {
    catalogue(() => ({ tools: [hammer], next: null }));
    const { location } = renderCatalogue("/tools");

    const card = await screen.findByRole("article");
    expect(within(card).getByRole("link", { name: "Claw Hammer" })).toHaveAttribute("href", `/tools/${hammer._id}`);
    expect(within(card).getByText("$18.50 per unit")).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("heading", { name: "The tool page" })).toBeInTheDocument();
    expect(location().pathname).toBe(`/tools/${hammer._id}`);
  });

  it("when a search is sent, then its words go into the URL and to the API, and the back button brings the earlier search back", async () => {
    const asked = catalogue(({ q }) => ({ tools: q === "hamer" ? [hammer] : [hammer, drill, level], next: null }));
    const { router, search } = renderCatalogue("/tools?sort=price");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Spirit Level" });

    await user.type(screen.getByRole("searchbox", { name: "Search tools" }), "  hamer {Enter}");
    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer"]));
    expect(search()).toEqual({ q: "hamer", sort: "price" });
    expect(asked.at(-1)).toEqual({ q: "hamer", sort: "price" });

    await router.navigate(-1);
    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer", "Cordless Drill", "Spirit Level"]));
    expect(screen.getByRole("searchbox", { name: "Search tools" })).toHaveValue("");
    expect(search()).toEqual({ sort: "price" });
  });

  it("when the sort or the in-stock filter changes, then it applies at once, with the words typed in the box, from the first page", async () => {
    const asked = catalogue(() => ({ tools: [hammer], next: null }));
    const { search } = renderCatalogue("/tools?after=cursor-2");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Claw Hammer" });

    await user.type(screen.getByRole("searchbox", { name: "Search tools" }), "hammer");
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Newest");
    await waitFor(() => expect(search()).toEqual({ q: "hammer", sort: "newest" }));
    await user.click(screen.getByRole("checkbox", { name: "In stock only" }));
    await waitFor(() => expect(search()).toEqual({ q: "hammer", sort: "newest", inStock: "true" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ q: "hammer", sort: "newest", inStock: "true" }));
    expect(asked[0]).toEqual({ sort: "name", after: "cursor-2" });
  });

  it("when there is a next page, then Next page passes its cursor as `after`, and Previous page comes back to the first page", async () => {
    const asked = catalogue(({ after }) =>
      after === "cursor-2" ? { tools: [level], next: "cursor-3" } : after === "cursor-3" ? { tools: [drill], next: null } : { tools: [hammer], next: "cursor-2" },
    );
    const { search } = renderCatalogue("/tools?q=tool&sort=price");
    const user = userEvent.setup();
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).queryByRole("link", { name: "Previous page" })).not.toBeInTheDocument();

    expect(within(pages).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/tools?q=tool&sort=price&after=cursor-2");
    await user.click(within(pages).getByRole("link", { name: "Next page" }));
    await waitFor(() => expect(cardNames()).toEqual(["Spirit Level"]));
    expect(search()).toEqual({ q: "tool", sort: "price", after: "cursor-2" });

    await user.click(screen.getByRole("link", { name: "Next page" }));
    await waitFor(() => expect(cardNames()).toEqual(["Cordless Drill"]));
    expect(screen.queryByRole("link", { name: "Next page" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Previous page" }));
    await waitFor(() => expect(cardNames()).toEqual(["Spirit Level"]));
    expect(search()).toEqual({ q: "tool", sort: "price", after: "cursor-2" });
    await user.click(screen.getByRole("link", { name: "Previous page" }));
    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer"]));
    expect(search()).toEqual({ q: "tool", sort: "price" });

    // The pages walked back to come from the cache.
    expect(asked.map((query) => query.after)).toEqual([undefined, "cursor-2", "cursor-3"]);
  });

  it("when a later page is opened from a link, then the way back is to the first page", async () => {
    catalogue(({ after }) => (after ? { tools: [level], next: null } : { tools: [hammer], next: "cursor-2" }));
    const { search } = renderCatalogue("/tools?q=tool&after=cursor-2");
    await screen.findByRole("heading", { name: "Spirit Level" });

    await userEvent.setup().click(screen.getByRole("link", { name: "First page" }));
    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer"]));
    expect(search()).toEqual({ q: "tool" });
  });

  it("when nothing matches, then it says so in the search's own words and offers every tool", async () => {
    catalogue(() => ({ tools: [], next: null }));
    renderCatalogue("/tools?q=zzz");

    expect(await screen.findByText("No tools match “zzz”.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show all tools" })).toHaveAttribute("href", "/tools");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("when the API refuses the search, then its reason shows", async () => {
    catalogue(() => problemResponse({ status: 400, title: "Bad Request", detail: "q: At most 100 characters", code: "validation" }));
    renderCatalogue(`/tools?q=${"x".repeat(101)}`);

    expect(await screen.findByRole("alert")).toHaveTextContent("q: At most 100 characters");
  });
});
