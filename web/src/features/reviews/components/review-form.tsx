import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { describedBy, FormField } from "@/components/ui/form-field";
import { showFieldErrors } from "@/lib/form";
import { type AddReviewInput, addReviewInput } from "../api/add-review";

export function ReviewForm({ onSubmit }: { onSubmit: (review: AddReviewInput) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(addReviewInput) });

  const submit = handleSubmit(async (review) => {
    try {
      await onSubmit(review);
      reset();
    } catch (error) {
      showFieldErrors(error, ["rating", "review"], setError);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormField id="review-rating" label="Rating (1 to 5)" error={errors.rating?.message}>
        <input
          id="review-rating"
          type="number"
          inputMode="numeric"
          min={1}
          max={5}
          step={1}
          placeholder="Rating"
          required
          {...describedBy("review-rating", errors.rating?.message)}
          {...register("rating", { valueAsNumber: true })}
        />
      </FormField>
      <FormField id="review-text" label="Review" error={errors.review?.message}>
        <textarea
          id="review-text"
          rows={4}
          placeholder="Review"
          required
          {...describedBy("review-text", errors.review?.message)}
          {...register("review")}
        />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Add Review
      </button>
    </form>
  );
}
