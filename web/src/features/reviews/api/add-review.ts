import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type AddReviewBody, addReviewBody, type Review } from "@api/reviews/reviews.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Created } from "@/lib/api-types";

const rules = addReviewBody.shape;

/** Rating 1 to 5 and the text, both required. */
export const addReviewInput = z.object({
  rating: z.number({ error: "Rating is Required" }).pipe(rules.rating),
  review: z.string().trim().min(1, "Review is Required").pipe(rules.review),
});
export type AddReviewInput = z.output<typeof addReviewInput>;

export const addReview = (body: AddReviewBody) => apiRequest<Review & Created>("/reviews", { method: "POST", body });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["reviews"] }),
  });
}
