import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts the API's field errors (`errors: [{ path: "body/price", ... }]`) under the form's own fields,
 * for the rules the form does not check itself.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return;
  for (const { path, message } of error.errors) {
    const field = fields.find((name) => path === `body/${name}` || path === name);
    if (field) setError(field, { type: "server", message });
  }
}
