import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/form/text-field";
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
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="Your Email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
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
        Login
      </button>
    </form>
  );
}
