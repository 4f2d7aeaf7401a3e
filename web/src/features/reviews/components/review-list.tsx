import type { Review } from "@api/reviews/reviews.schemas";

/** The stars are drawn for the eye; a screen reader reads the rating in words (an image's name). */
function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rating: ${rating} out of 5`}>
      {"★".repeat(rating)}
      {"☆".repeat(Math.max(0, 5 - rating))}
    </p>
  );
}

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p>No reviews yet.</p>;
  return (
    <ul className="review-grid">
      {reviews.map((review) => (
        <li key={review._id} className="card review-card">
          <div className="card-body">
            <Stars rating={review.rating} />
            <blockquote>{review.review}</blockquote>
            <p className="review-author">— {review.userName}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
