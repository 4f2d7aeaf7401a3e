import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { CreateToolBody } from "@api/tools/tools.schemas";
import type { FulfilWishesBody } from "@api/wishes/wishes.schemas";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { AddProductRoute } from "./add-product";

vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

useNodeAbortController();

/** The API's two calls: the tool created, and the wishes it answers; each keeps what it was sent. */
function addProductApi(fulfilReply: () => Response = () => HttpResponse.json({ acknowledged: true, modifiedCount: 2 })) {
  const created: CreateToolBody[] = [];
  const fulfilled: FulfilWishesBody[] = [];
  server.use(
    http.post("/api/tools", async ({ request }) => {
      const body = (await request.json()) as CreateToolBody;
      created.push(body);
      return HttpResponse.json({ _id: "tool-new", ...body, acknowledged: true, insertedId: "tool-new" }, { status: 201 });
    }),
    http.post("/api/admin/wishes/fulfil", async ({ request }) => {
      fulfilled.push((await request.json()) as FulfilWishesBody);
      return fulfilReply();
    }),
  );
  return { created, fulfilled };
}

function renderAddProduct(url: string) {
  const router = createMemoryRouter([{ path: "/dashboard/addProduct", element: <AddProductRoute /> }], { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const FROM_WISHES = `/dashboard/addProduct?${new URLSearchParams({ wish: "w-2,w-1", name: "Laser levels", price: "215", details: "Green beam, with a tripod." })}`;

async function completeAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByPlaceholderText("Minimum Order Quantity"), "2");
  await user.type(screen.getByPlaceholderText("Available Quantity"), "40");
  await user.type(screen.getByPlaceholderText("Image Url"), "/images/tools/laser-level.svg");
  await user.click(screen.getByRole("button", { name: "Add tools" }));
}

describe("Add Product from User Wish", () => {
  it("when it opens from a group of wishes, then the form is filled from them and says their buyers will be e-mailed", async () => {
    addProductApi();
    renderAddProduct(FROM_WISHES);
    expect(screen.getByRole("heading", { level: 1, name: "Add New tools" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("This tool answers 2 wishes. Once it is added, each buyer who wished for it is e-mailed a link to it.");
    expect(screen.getByPlaceholderText("Tools Name")).toHaveValue("Laser levels");
    expect(screen.getByPlaceholderText("Price")).toHaveValue(215);
    expect(screen.getByPlaceholderText("Description")).toHaveValue("Green beam, with a tripod.");
  });

  it("when the tool is added, then the contract's toast (docs/product.md §3.9) shows, the wishes are recorded with the new tool's id, and the form is empty again", async () => {
    const { created, fulfilled } = addProductApi();
    const { router, user } = renderAddProduct(FROM_WISHES);
    await user.clear(screen.getByPlaceholderText("Tools Name"));
    await user.type(screen.getByPlaceholderText("Tools Name"), "Laser Level Pro");
    await completeAndSend(user);

    await waitFor(() => expect(fulfilled).toEqual([{ wishIds: ["w-2", "w-1"], toolId: "tool-new" }]));
    expect(created).toEqual([{ name: "Laser Level Pro", price: 215, description: "Green beam, with a tripod.", moq: 2, aq: 40, img: "/images/tools/laser-level.svg" }]);
    expect(toast.success).toHaveBeenCalledWith("You wish a tool");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("The buyers who wished for it will be e-mailed a link to it."));
    await waitFor(() => expect(screen.getByPlaceholderText("Tools Name")).toHaveValue(""));
    expect(screen.getByPlaceholderText("Price")).toHaveValue(null);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("when the tool is added but recording the wishes fails, then an error says the buyers were not told and the wishes are still open", async () => {
    const { created } = addProductApi(() => problemResponse({ status: 404, title: "Not Found", detail: "Wish was not found.", code: "not_found" }));
    const { user } = renderAddProduct(FROM_WISHES);
    await completeAndSend(user);

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("The tool was added, but the buyers who wished for it were not told: the wishes are still open in User Wish."),
    );
    expect(created).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith("You wish a tool");
    expect(toast.success).not.toHaveBeenCalledWith("The buyers who wished for it will be e-mailed a link to it.");
    await waitFor(() => expect(screen.getByPlaceholderText("Tools Name")).toHaveValue(""));
  });

  it("when it opens without wishes, then the form is empty and adding a tool records no wish", async () => {
    const { created, fulfilled } = addProductApi();
    const { user } = renderAddProduct("/dashboard/addProduct");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText("Tools Name")).toHaveValue("");
    await user.type(screen.getByPlaceholderText("Tools Name"), "Bench Grinder");
    await user.type(screen.getByPlaceholderText("Price"), "129.99");
    await user.type(screen.getByPlaceholderText("Description"), "Twin wheels.");
    await completeAndSend(user);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("You wish a tool"));
    expect(created).toHaveLength(1);
    expect(fulfilled).toEqual([]);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});
