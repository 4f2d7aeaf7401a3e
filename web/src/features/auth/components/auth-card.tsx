import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { SignIn } from "../hooks/use-sign-in";
import { GoogleSignIn } from "./google-sign-in";

interface AuthCardProps {
  heading: string;
  headingId: string;
  signIn: SignIn;
  /** The way to the other page (login or sign-up), which keeps where the person was headed. */
  switchTo: { prompt: string; href: string; label: string };
  /** The email form. */
  children: ReactNode;
}

/** The login and sign-up pages: the email form, a link to the other page, then Google. */
export function AuthCard({ heading, headingId, signIn, switchTo, children }: AuthCardProps) {
  return (
    <section className="auth-card card">
      <div className="card-body">
        <h1 id={headingId}>{heading}</h1>
        {children}
        <p className="auth-switch">
          {switchTo.prompt}{" "}
          <Link to={switchTo.href} state={signIn.location.state}>
            {switchTo.label}
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
