import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type AuthField, AuthForm } from "./auth-form";
import { type SignupInput, signupInput } from "./auth-form-schemas";

const FIELDS: readonly AuthField<SignupInput>[] = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", placeholder: "Your Name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", placeholder: "Your Email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password", placeholder: "Password" },
];

interface SignupFormProps {
  onSubmit: (account: SignupInput) => Promise<void>;
  /** The sign-in service's message, shown in red. */
  error?: string | null;
}

export function SignupForm({ onSubmit, error }: SignupFormProps) {
  const form = useForm({ resolver: zodResolver(signupInput), defaultValues: { name: "", email: "", password: "" } });
  return <AuthForm idPrefix="signup" form={form} fields={FIELDS} submitLabel="Sign Up" onSubmit={onSubmit} error={error} />;
}
