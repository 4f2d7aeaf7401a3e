import { useForm } from "react-hook-form";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { formField, submitToApi } from "@/lib/form";
import type { AddWishInput } from "../api/add-wish";

// This form is on the home page, so it uses react-hook-form's own rules instead of a zod schema:
// zod would be most of the home page's form code. The API still checks every field and its field
// errors are shown under the fields.
const filled = (message: string) => (value: string) => value.trim() !== "" || message;

export function WishForm({ onSubmit }: { onSubmit: (wish: AddWishInput) => Promise<void> }) {
  const form = useForm<AddWishInput>();
  const { isSubmitting } = form.formState;
  const submit = submitToApi(
    form,
    ["name", "price", "details"],
    (wish) => onSubmit({ ...wish, name: wish.name.trim(), details: wish.details.trim() }),
    { resetWhenSent: true },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        id="wish-name"
        label="Tool Name"
        labelAsPlaceholder
        type="text"
        required
        {...formField(form, "name", { validate: filled("Tool Name is Required") })}
      />
      <TextField
        id="wish-price"
        label="Approximate Price"
        labelAsPlaceholder
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        {...formField(form, "price", {
          valueAsNumber: true,
          validate: (price) =>
            !Number.isFinite(price) ? "Approximate Price is Required" : price >= 0 || "Approximate Price must not be negative",
        })}
      />
      <TextAreaField
        id="wish-details"
        label="Details"
        labelAsPlaceholder
        rows={3}
        required
        {...formField(form, "details", { validate: filled("Details is Required") })}
      />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Send Wish
      </button>
    </form>
  );
}
