import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import type { Cart } from "@api/cart/cart.schemas";
import { type PlaceCheckoutBody, placeCheckoutBody } from "@api/orders/checkout.schemas";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { formField, showFieldErrors } from "@/lib/form";
import { refusedLinesOf, usePlaceCheckout } from "../api/place-checkout";
import { useIdempotencyKey } from "../lib/use-idempotency-key";

const rules = placeCheckoutBody.shape;

/** Where the orders go, in the order form's words (the same fields, the same messages). */
export const checkoutContactInput = z.object({
  userPhone: z.string().trim().min(1, "Phone Number is Required").pipe(rules.userPhone),
  userAddress: z.string().trim().min(1, "Address is Required").pipe(rules.userAddress),
});

const FIELDS = ["userPhone", "userAddress"] as const;

export const SOME_LINES_REFUSED = "Some lines could not be checked out: see why beside each of them in your cart.";

export interface ContactDefaults {
  userPhone: string;
  userAddress: string;
}

interface CheckoutFormProps {
  /** Why the cart cannot be checked out as it stands; null when it can. */
  blocked: string | null;
  /** The cart as saved once every change in flight is, which is what is sent; or why it cannot be checked out. */
  settle: () => Promise<{ cart: Cart } | { reason: string }>;
  /** Shows beside each line why the checkout refused it; an empty list clears them. */
  onRefused: (lines: { toolId: string; message: string }[]) => void;
  /** The phone and address to start with (the buyer's last order's, or the profile's); still editable. */
  contact: ContactDefaults | null;
}

/** What a checkout sends for each line of the cart: the quantity, and the unit price the buyer saw. */
export const checkoutLines = (cart: Cart): PlaceCheckoutBody["lines"] =>
  cart.lines.map(({ toolId, quantity, seenPrice }) => ({ toolId, quantityAmount: quantity, toolPrice: seenPrice }));

/**
 * The phone and address every order of the checkout goes to, and Check out. Once the checkout is
 * placed the buyer goes on to pay for it; lines it refused are shown beside themselves in the cart.
 */
export function CheckoutForm({ blocked, settle, onRefused, contact }: CheckoutFormProps) {
  const navigate = useNavigate();
  const placeCheckout = usePlaceCheckout();
  const keyFor = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(checkoutContactInput),
    defaultValues: { userPhone: contact?.userPhone ?? "", userAddress: contact?.userAddress ?? "" },
  });
  const {
    getValues,
    setValue,
    formState: { isSubmitting },
  } = form;

  // Known only after the form showed: filled in once, and only where the buyer has not typed yet.
  const prefilled = useRef(contact !== null);
  useEffect(() => {
    if (!contact || prefilled.current) return;
    prefilled.current = true;
    for (const field of FIELDS) {
      if (getValues(field) === "" && contact[field]) setValue(field, contact[field]);
    }
  }, [contact, getValues, setValue]);

  const submit = form.handleSubmit(async (contactValues) => {
    setFailure(null);
    onRefused([]);
    const settled = await settle();
    if ("reason" in settled) {
      setFailure(settled.reason);
      return;
    }
    const { cart } = settled;
    const body: PlaceCheckoutBody = { ...contactValues, lines: checkoutLines(cart) };
    try {
      const checkout = await placeCheckout.mutateAsync({ body, idempotencyKey: keyFor(body) });
      navigate(paths.dashboard.checkoutPayment.href(checkout._id));
    } catch (error) {
      if (showFieldErrors(error, FIELDS, form.setError)) return;
      const refused = refusedLinesOf(error);
      onRefused(refused.map(({ toolId, message }) => ({ toolId, message })));
      setFailure(refused.length > 0 ? SOME_LINES_REFUSED : errorMessage(error));
    }
  });

  return (
    <form className="form checkout-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField id="checkout-phone" label="Phone Number" labelAsPlaceholder type="tel" autoComplete="tel" required {...formField(form, "userPhone")} />
      <TextAreaField
        id="checkout-address"
        label="Address"
        labelAsPlaceholder
        autoComplete="street-address"
        rows={2}
        required
        {...formField(form, "userAddress")}
      />
      {blocked && (
        <p id="checkout-blocked" className="field-hint">
          {blocked}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={blocked !== null || isSubmitting}
        aria-describedby={blocked ? "checkout-blocked" : undefined}
      >
        Check out
      </button>
    </form>
  );
}
