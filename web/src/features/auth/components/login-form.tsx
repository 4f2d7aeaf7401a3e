import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { describedBy, FormField } from "@/components/ui/form-field";
import { type LoginInput, loginInput } from "./auth-form-schemas";

interface LoginFormProps {
  onSubmit: (credentials: LoginInput) => Promise<void>;
  /** The sign-in service's message, shown in red. */
  error?: string | null;
}

export function LoginForm({ onSubmit, error }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: "", password: "" } });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting}>
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          placeholder="Your Email"
          required
          {...describedBy("login-email", errors.email?.message)}
          {...register("email")}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          required
          {...describedBy("login-password", errors.password?.message)}
          {...register("password")}
        />
      </FormField>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        Login
      </button>
    </form>
  );
}
