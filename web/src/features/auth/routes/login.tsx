import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { GoogleSignIn } from "../components/google-sign-in";
import { LoginForm } from "../components/login-form";
import { useSignIn } from "../hooks/use-sign-in";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LoginRoute() {
  useDocumentTitle("Login");
  const signIn = useSignIn();
  return (
    <section className="auth-card card">
      <div className="card-body">
        <h1 id="login-heading">Login</h1>
        <LoginForm onSubmit={signIn.withPassword} error={signIn.error} />
        <p className="auth-switch">
          New to Toolshop?{" "}
          <Link to={paths.signup.href()} state={signIn.location.state}>
            Create New Account
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
