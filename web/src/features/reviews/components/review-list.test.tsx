import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Review } from "@api/reviews/reviews.schemas";
import type * as Auth from "@/lib/auth";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { useReviews } from "../api/get-reviews";
import { ReviewList } from "./review-list";

const review = (index: number): Review => ({
  _id: `r${index}`,
  rating: (index % 5) + 1,
  review: `Review number ${index}`,
  userName: `Buyer ${index}`,
  createdAt: new Date(Date.UTC(2026, 0, 30 - index)).toISOString(),
});

// Who is looking: the admin check is the contract's GET /admin/{email} (docs/product.md §2.2), answered here as the session would.
const viewer = vi.hoisted(() => ({ isAdmin: false }));
vi.mock("@/lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  useAdminStatus: () => ({ isLoading: false, isAdmin: viewer.isAdmin }),
}));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  viewer.isAdmin = false;
});

useNodeAbortController();

function NewestReviews() {
  const reviews = useReviews();
  return reviews.data ? <ReviewList reviews={reviews.data} /> : <p>Loading</p>;
}

describe("the newest reviews", () => {
  it("when the home page asks for reviews, then it asks for the 9 newest and shows no more than 9, even from a longer list", async () => {
    const limits: (string | null)[] = [];
    server.use(
      http.get("/api/reviews", ({ request }) => {
        limits.push(new URL(request.url).searchParams.get("limit"));
        return HttpResponse.json(Array.from({ length: 12 }, (_, index) => review(index)));
      }),
    );
    renderWithProviders(<NewestReviews />);
    const items = await screen.findAllByRole("listitem");
    expect(limits).toEqual(["9"]);
    expect(items).toHaveLength(9);
    expect(within(items[0]!).getByText("Review number 0")).toBeInTheDocument();
  });

  it("when a review is shown, then its rating is an image named in words that screen readers read", () => {
    renderWithProviders(<ReviewList reviews={[{ ...review(0), rating: 4 }]} />);
    const stars = screen.getByRole("img", { name: "Rating: 4 out of 5" });
    expect(stars).toHaveTextContent("★★★★☆");
    expect(screen.getByText("— Buyer 0")).toHaveClass("review-author");
  });
});

describe("removing a review", () => {
  /** The API's reviews, newest first; a DELETE takes one out, as the API does. */
  function reviewsApi(initial: Review[]) {
    let shown = [...initial];
    const removed: string[] = [];
    server.use(
      http.get("/api/reviews", () => HttpResponse.json(shown)),
      http.delete<{ id: string }>("/api/reviews/:id", ({ params }) => {
        removed.push(params.id);
        shown = shown.filter((review) => review._id !== params.id);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    return { removed };
  }

  it("when an admin removes a review and confirms, then the API is asked to remove it and the list shows it no more", async () => {
    viewer.isAdmin = true;
    const api = reviewsApi([review(0), review(1), review(2)]);
    const user = userEvent.setup();
    renderWithProviders(<NewestReviews />);

    const buttons = await screen.findAllByRole("button", { name: /^Remove review by / });
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(["Remove review by Buyer 0", "Remove review by Buyer 1", "Remove review by Buyer 2"]);
    expect(buttons[1]).toHaveTextContent("Remove");

    await user.click(screen.getByRole("button", { name: "Remove review by Buyer 1" }));
    const dialog = screen.getByRole("dialog", { name: "Remove the review by Buyer 1?" });
    expect(dialog).toHaveTextContent("“Review number 1” will no longer be shown.");
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(screen.queryByText("Review number 1")).not.toBeInTheDocument());
    expect(api.removed).toEqual(["r1"]);
    expect(screen.getByText("Review number 0")).toBeInTheDocument();
    expect(screen.getByText("Review number 2")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("Review removed");
  });

  it("when an admin answers No, then nothing is removed and the review stays", async () => {
    viewer.isAdmin = true;
    const api = reviewsApi([review(0), review(1)]);
    const user = userEvent.setup();
    renderWithProviders(<NewestReviews />);

    await user.click(await screen.findByRole("button", { name: "Remove review by Buyer 0" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "No" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Review number 0")).toBeInTheDocument();
    expect(api.removed).toEqual([]);
  });

  it("when a buyer or a visitor reads the reviews, then there is no Remove button", async () => {
    reviewsApi([review(0), review(1)]);
    renderWithProviders(<NewestReviews />);
    await screen.findByText("Review number 1");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
