import type { ReactNode } from "react";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A label, its control and the control's validation message, tied together for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p id={hintId(id)} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="field-error text-error">
          {error}
        </p>
      )}
    </div>
  );
}

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/**
 * aria attributes for the control inside FormField. The error replaces the hint on screen, so it
 * replaces it as the description too: a screen reader reads what a sighted person sees.
 */
export const fieldAria = (id: string, error: string | undefined, hint: string | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? errorId(id) : hint ? hintId(id) : undefined,
});
