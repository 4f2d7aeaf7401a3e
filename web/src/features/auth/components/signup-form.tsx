import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/form/text-field";
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
      <TextField
        id="signup-name"
        label="Name"
        type="text"
        autoComplete="name"
        placeholder="Your Name"
        required
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="Your Email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Password"
        required
        error={errors.password?.message}
        {...register("password")}
      />
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
