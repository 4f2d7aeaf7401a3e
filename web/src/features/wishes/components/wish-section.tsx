import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { type AddWishInput, useAddWish } from "../api/add-wish";
import { WishForm } from "./wish-form";

/** The home page's wish form. */
export function WishSection() {
  const session = useSession();
  const addWish = useAddWish();
  const navigate = useNavigate();
  const location = useLocation();

  const send = async (wish: AddWishInput) => {
    // Wishes are signed; a visitor signs in first and comes back here.
    if (session.status !== "signedIn") {
      navigate(paths.login.href(), { state: { from: location } });
      return;
    }
    await addWish.mutateAsync({ ...wish, userName: session.displayName });
    toast.success("You wish a tool");
  };

  return (
    <section className="section narrow">
      <h2 id="wish-heading">Wish for a tool</h2>
      <p className="section-lead">Missing something? Tell us which tool you want and what you would pay for it.</p>
      <WishForm onSubmit={send} />
    </section>
  );
}
