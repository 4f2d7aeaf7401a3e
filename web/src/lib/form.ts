import type { FieldValues, Path, RegisterOptions, UseFormReturn, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts the API's field errors (`errors: [{ path: "body/price", ... }]`) under the form's own fields,
 * for the rules the form does not check itself. True when it named one of them.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const { path, message } of error.errors) {
    const field = fields.find((name) => path === `body/${name}` || path === name);
    if (field) {
      setError(field, { type: "server", message });
      shown = true;
    }
  }
  return shown;
}

/**
 * The submit handler of a form whose values go to the API: a refusal that names some of `fields`
 * shows under them, and a form that adds something (`resetWhenSent`) is empty again for the next one.
 */
export function submitToApi<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
  fields: readonly Path<TFieldValues>[],
  send: (values: TTransformedValues) => Promise<void>,
  { resetWhenSent }: { resetWhenSent: boolean },
) {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
      if (resetWhenSent) form.reset();
    } catch (error) {
      showFieldErrors(error, fields, form.setError);
    }
  });
}

/**
 * A field's registration and its validation message, to spread into TextField or TextAreaField:
 * the field is named once, so its message cannot be read from another field's name.
 */
export function formField<TFieldValues extends FieldValues, TContext, TTransformedValues, TName extends Path<TFieldValues>>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
  name: TName,
  options?: RegisterOptions<TFieldValues, TName>,
) {
  // Reading the field through the form's state subscribes the form to its errors, so a new message shows at once.
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}
