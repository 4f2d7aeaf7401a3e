import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { GoogleSignIn } from "../components/google-sign-in";
import { SignupForm } from "../components/signup-form";
import { useSignIn } from "../hooks/use-sign-in";
import { useDocumentTitle } from "@/lib/use-document-title";

export function SignupRoute() {
  useDocumentTitle("Sign Up");
  const signIn = useSignIn();
  return (
    <section className="auth-card card">
      <div className="card-body">
        <h1 id="signup-heading">Sign Up</h1>
        <SignupForm onSubmit={signIn.signUp} error={signIn.error} />
        <p className="auth-switch">
          Already have an account?{" "}
          <Link to={paths.login.href()} state={signIn.location.state}>
            Please Login
          </Link>
        </p>
        <p className="divider">
          <span>OR</span>
        </p>
        <GoogleSignIn onSignIn={signIn.withGoogle} />
      </div>
    </section>
  );
}
