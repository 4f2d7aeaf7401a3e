import type { ComponentPropsWithRef } from "react";
import { FormField, fieldAria } from "./form-field";

type TextAreaFieldProps = Omit<ComponentPropsWithRef<"textarea">, "id" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  /** The label is also the placeholder, as in most of the contract's forms (docs/product.md). */
  labelAsPlaceholder?: boolean;
  /** The field's validation message; while it is set the text area is marked invalid and described by it. */
  error?: string;
  hint?: string;
};

/** TextField's multi-line twin, for addresses, reviews and descriptions. */
export function TextAreaField({ id, label, labelAsPlaceholder, error, hint, ...textAreaProps }: TextAreaFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <textarea id={id} placeholder={labelAsPlaceholder ? label : undefined} {...textAreaProps} {...fieldAria(id, error, hint)} />
    </FormField>
  );
}
