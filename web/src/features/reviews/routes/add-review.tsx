import { toast } from "react-toastify";
import { useSession } from "@/lib/auth";
import { useAddReview } from "../api/add-review";
import { ReviewForm } from "../components/review-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export function AddReviewRoute() {
  useDocumentTitle("Add a Review");
  const session = useSession();
  const addReview = useAddReview();
  const displayName = session.status === "signedIn" ? session.displayName : "";

  return (
    <section className="narrow">
      <h1 id="add-review-heading">{displayName} please add a review for us</h1>
      <ReviewForm
        onSubmit={async (review) => {
          await addReview.mutateAsync({ ...review, userName: displayName });
          toast.success("Review Added");
        }}
      />
    </section>
  );
}
