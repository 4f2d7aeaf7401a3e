import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { describedBy, FormField } from "@/components/ui/form-field";
import { type SignupInput, signupInput } from "./auth-form-schemas";

interface SignupFormProps {
  onSubmit: (account: SignupInput) => Promise<void>;
  /** The sign-in service's message, shown in red. */
  error?: string | null;
}

export function SignupForm({ onSubmit, error }: SignupFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signupInput), defaultValues: { name: "", email: "", password: "" } });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting}>
      <FormField id="signup-name" label="Name" error={errors.name?.message}>
        <input
          id="signup-name"
          type="text"
          autoComplete="name"
          placeholder="Your Name"
          required
          {...describedBy("signup-name", errors.name?.message)}
          {...register("name")}
        />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          required
          {...describedBy("signup-email", errors.email?.message)}
          {...register("email")}
        />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message}>
        <input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          placeholder="Password"
          required
          {...describedBy("signup-password", errors.password?.message)}
          {...register("password")}
        />
      </FormField>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        Sign Up
      </button>
    </form>
  );
}
