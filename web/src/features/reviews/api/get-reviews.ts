import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Review } from "@api/reviews/reviews.schemas";
import { apiRequest } from "@/lib/api-client";

/** The home page shows the newest reviews, never more than this many. */
export const NEWEST_REVIEWS = 9;

/** GET /reviews?limit=: the newest reviews first, at most `limit` of them. */
export const getReviews = (limit: number, signal?: AbortSignal) => apiRequest<Review[]>("/reviews", { query: { limit: String(limit) }, signal });

export const reviewsQueryOptions = (limit = NEWEST_REVIEWS) =>
  queryOptions({
    queryKey: ["reviews", { limit }],
    queryFn: ({ signal }) => getReviews(limit, signal),
    // An API that does not know `limit` yet sends its whole list, newest first; only the newest show.
    select: (reviews) => reviews.slice(0, limit),
  });

export const useReviews = (limit = NEWEST_REVIEWS) => useQuery(reviewsQueryOptions(limit));
