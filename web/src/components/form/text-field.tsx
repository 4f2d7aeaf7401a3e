import type { ComponentPropsWithRef } from "react";
import { FormField, fieldAria } from "./form-field";

type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  /** The field's validation message; while it is set the input is marked invalid and described by it. */
  error?: string;
  hint?: string;
};

/**
 * A labelled input with its message. Spread react-hook-form's `register(name)` into it: React 19
 * passes its `ref` through as a prop, so the form reaches the input itself.
 */
export function TextField({ id, label, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input id={id} {...inputProps} {...fieldAria(id, error, hint)} />
    </FormField>
  );
}
