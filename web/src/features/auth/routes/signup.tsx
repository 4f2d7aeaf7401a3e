import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthCard } from "../components/auth-card";
import { SignupForm } from "../components/signup-form";
import { useSignIn } from "../hooks/use-sign-in";

export function SignupRoute() {
  useDocumentTitle("Sign Up");
  const signIn = useSignIn();
  return (
    <AuthCard
      heading="Sign Up"
      headingId="signup-heading"
      signIn={signIn}
      switchTo={{ prompt: "Already have an account?", href: paths.login.href(), label: "Please Login" }}
    >
      <SignupForm onSubmit={signIn.signUp} error={signIn.error} />
    </AuthCard>
  );
}
