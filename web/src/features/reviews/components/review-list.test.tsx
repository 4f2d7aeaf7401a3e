import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Review } from "@api/reviews/reviews.schemas";
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
