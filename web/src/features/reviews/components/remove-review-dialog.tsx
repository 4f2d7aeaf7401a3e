import { toast } from "react-toastify";
import type { Review } from "@api/reviews/reviews.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useRemoveReview } from "../api/remove-review";

/** How much of the review the question quotes, in characters, so a long one does not fill the dialog. */
const QUOTED_LENGTH = 120;

const excerpt = (text: string) => {
  const characters = Array.from(text);
  return characters.length <= QUOTED_LENGTH ? text : `${characters.slice(0, QUOTED_LENGTH).join("").trimEnd()}…`;
};

interface RemoveReviewDialogProps {
  review: Review | null;
  onClose: () => void;
}

/** Asks before an admin takes a review off the shop, as Remove User does. */
export function RemoveReviewDialog({ review, onClose }: RemoveReviewDialogProps) {
  const removeReview = useRemoveReview();
  return (
    <ConfirmDialog
      open={review !== null}
      title={review ? `Remove the review by ${review.userName}?` : ""}
      message={review ? `“${excerpt(review.review)}” will no longer be shown.` : undefined}
      busy={removeReview.isPending}
      onYes={() => {
        if (!review) return;
        removeReview.mutate(review._id, { onSuccess: () => toast.success("Review removed"), onSettled: onClose });
      }}
      onNo={onClose}
    />
  );
}
