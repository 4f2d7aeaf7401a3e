import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import { useSignIn } from "../hooks/use-sign-in";

export function LoginRoute() {
  useDocumentTitle("Login");
  const signIn = useSignIn();
  return (
    <AuthCard
      heading="Login"
      headingId="login-heading"
      signIn={signIn}
      switchTo={{ prompt: "New to Toolshop?", href: paths.signup.href(), label: "Create New Account" }}
    >
      <LoginForm onSubmit={signIn.withPassword} error={signIn.error} />
    </AuthCard>
  );
}
