import { useState } from "react";

/** Continue with Google; `onSignIn` opens the pop-up and finishes the sign-in. */
export function GoogleSignIn({ onSignIn }: { onSignIn: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline btn-block"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onSignIn().finally(() => setBusy(false));
      }}
    >
      Continue with Google
    </button>
  );
}
