import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { formField, submitToApi } from "@/lib/form";
import { type AddReviewInput, addReviewInput } from "../api/add-review";

export function ReviewForm({ onSubmit }: { onSubmit: (review: AddReviewInput) => Promise<void> }) {
  const form = useForm({ resolver: zodResolver(addReviewInput) });
  const { isSubmitting } = form.formState;
  const submit = submitToApi(form, ["rating", "review"], onSubmit, { resetWhenSent: true });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        id="review-rating"
        label="Rating (1 to 5)"
        type="number"
        inputMode="numeric"
        min={1}
        max={5}
        step={1}
        placeholder="Rating"
        required
        {...formField(form, "rating", { valueAsNumber: true })}
      />
      <TextAreaField
        id="review-text"
        label="Review"
        labelAsPlaceholder
        rows={4}
        required
        {...formField(form, "review")}
      />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Add Review
      </button>
    </form>
  );
}
