import { useId, useState } from "react";
import { confirmVerifiedEmail, sendVerificationLink, useSession } from "@/lib/auth";
import { isFirebaseError } from "@/lib/firebase";
import { signInErrorMessage } from "../utils/sign-in-error";
import "./verify-email-notice.css";

type Outcome = { kind: "sent" } | { kind: "notYet" } | { kind: "failed"; message: string } | null;

const TOO_MANY = "Firebase sends only a few links in a short time. Use the newest link you received, or try again in a few minutes.";

/**
 * Shown in the dashboard while Firebase has not verified the signed-in address. The shop holds the
 * account's order e-mail until then (decision 19); this leads the person through the link.
 */
export function VerifyEmailNotice() {
  const session = useSession();
  const titleId = useId();
  const [busy, setBusy] = useState<"resend" | "confirm" | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmed, setConfirmed] = useState(false);
  if (session.status !== "signedIn" || session.user.emailVerified || confirmed) return null;
  const { user, email } = session;

  const act = async (action: "resend" | "confirm") => {
    setBusy(action);
    setOutcome(null);
    try {
      if (action === "resend") {
        await sendVerificationLink(user);
        setOutcome({ kind: "sent" });
      } else if (await confirmVerifiedEmail(user)) {
        setConfirmed(true);
      } else {
        setOutcome({ kind: "notYet" });
      }
    } catch (error) {
      const message = isFirebaseError(error) && error.code === "auth/too-many-requests" ? TOO_MANY : signInErrorMessage(error);
      setOutcome({ kind: "failed", message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="verify-email-notice" aria-labelledby={titleId}>
      <h2 id={titleId}>Confirm your e-mail address</h2>
      <p>
        We sent a link to <strong>{email}</strong>. Open it to confirm that the address is yours; your order e-mails wait until
        then.
      </p>
      <div className="verify-email-actions">
        <button type="button" className="btn btn-outline" disabled={busy !== null} onClick={() => void act("resend")}>
          {busy === "resend" ? "Sending…" : "Resend the link"}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void act("confirm")}>
          {busy === "confirm" ? "Checking…" : "I have confirmed it"}
        </button>
      </div>
      <p role="status" className="verify-email-status">
        {outcome?.kind === "sent" && `We sent a new link to ${email}. It may take a minute to arrive; check your spam folder too.`}
        {outcome?.kind === "notYet" && `Your address is not confirmed yet. Open the newest link we sent to ${email}, then choose "I have confirmed it" again.`}
      </p>
      {outcome?.kind === "failed" && (
        <p role="alert" className="text-error">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
