import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type AuthField, AuthForm } from "./auth-form";
import { type LoginInput, loginInput } from "./auth-form-schemas";

const FIELDS: readonly AuthField<LoginInput>[] = [
  { name: "email", label: "Email", type: "email", autoComplete: "email", placeholder: "Your Email" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password", placeholder: "Password" },
];

interface LoginFormProps {
  onSubmit: (credentials: LoginInput) => Promise<void>;
  /** The sign-in service's message, shown in red. */
  error?: string | null;
}

export function LoginForm({ onSubmit, error }: LoginFormProps) {
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: "", password: "" } });
  return <AuthForm idPrefix="login" form={form} fields={FIELDS} submitLabel="Login" onSubmit={onSubmit} error={error} />;
}
