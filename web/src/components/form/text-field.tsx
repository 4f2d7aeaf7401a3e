import type { ComponentPropsWithRef } from "react";
import { FormField, fieldAria } from "./form-field";

type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  /** The label is also the placeholder, as in most of the contract's forms (docs/product.md). */
  labelAsPlaceholder?: boolean;
  /** The field's validation message; while it is set the input is marked invalid and described by it. */
  error?: string;
  hint?: string;
};

/**
 * A labelled input with its message. Spread react-hook-form's `register(name)` into it: React 19
 * passes its `ref` through as a prop, so the form reaches the input itself.
 */
export function TextField({ id, label, labelAsPlaceholder, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input id={id} placeholder={labelAsPlaceholder ? label : undefined} {...inputProps} {...fieldAria(id, error, hint)} />
    </FormField>
  );
}
