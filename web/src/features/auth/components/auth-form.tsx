import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/form/text-field";

export interface AuthField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  placeholder: string;
}

interface AuthFormProps<TFieldValues extends FieldValues, TContext, TTransformedValues> {
  /** Starts each input's id, as in `login-email`. */
  idPrefix: string;
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>;
  fields: readonly AuthField<TFieldValues>[];
  submitLabel: string;
  onSubmit: (values: TTransformedValues) => Promise<void>;
  /** The sign-in service's message, shown in red. */
  error?: string | null;
}

/** The login and sign-up forms: every field required, the sign-in service's message, one wide button. */
export function AuthForm<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  idPrefix,
  form,
  fields,
  submitLabel,
  onSubmit,
  error,
}: AuthFormProps<TFieldValues, TContext, TTransformedValues>) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  // This form does not know its fields' names, so their errors can only be looked up by path.
  const errorOf = (name: Path<TFieldValues>) => (get(errors, name) as FieldError | undefined)?.message;

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting}>
      {fields.map(({ name, label, type, autoComplete, placeholder }) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          label={label}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          required
          error={errorOf(name)}
          {...register(name)}
        />
      ))}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
