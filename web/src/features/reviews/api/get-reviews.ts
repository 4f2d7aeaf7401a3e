import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Review } from "@api/reviews/reviews.schemas";
import { apiRequest } from "@/lib/api-client";

export const getReviews = (signal?: AbortSignal) => apiRequest<Review[]>("/reviews", { signal });

export const reviewsQueryOptions = () => queryOptions({ queryKey: ["reviews"], queryFn: ({ signal }) => getReviews(signal) });

export const useReviews = () => useQuery(reviewsQueryOptions());
