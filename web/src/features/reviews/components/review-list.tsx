import { useState } from "react";
import type { Review } from "@api/reviews/reviews.schemas";
import { useAdminStatus } from "@/lib/auth";
import { RemoveReviewDialog } from "./remove-review-dialog";

/** The stars are drawn for the eye; a screen reader reads the rating in words (an image's name). */
function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rating: ${rating} out of 5`}>
      {"★".repeat(rating)}
      {"☆".repeat(Math.max(0, 5 - rating))}
    </p>
  );
}

/** The reviews, each with a Remove button for admins, who moderate them. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { isAdmin } = useAdminStatus();
  const [removing, setRemoving] = useState<Review | null>(null);
  if (reviews.length === 0) return <p>No reviews yet.</p>;
  return (
    <>
      <ul className="review-grid">
        {reviews.map((review) => (
          <li key={review._id} className="card review-card">
            <div className="card-body">
              <Stars rating={review.rating} />
              <blockquote>{review.review}</blockquote>
              <p className="review-author">— {review.userName}</p>
              {isAdmin && (
                <div className="card-actions">
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    aria-label={`Remove review by ${review.userName}`}
                    onClick={() => setRemoving(review)}
                  >
                    Remove
                  </button>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      {isAdmin && <RemoveReviewDialog review={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
