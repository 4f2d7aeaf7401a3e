import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useEffect, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ABOVE_AQ, BELOW_MOQ, orderTotalCents } from "@api/orders/orders.schemas";
import type { Tool } from "@api/tools/tools.schemas";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { ApiError } from "@/lib/api-client";
import { formatDollars } from "@/lib/format";
import { formField, showFieldErrors } from "@/lib/form";
import { type PlaceOrderInput, placeOrderInput } from "../api/place-order";
import type { ContactDefaults } from "../lib/use-contact-defaults";

export { ABOVE_AQ, BELOW_MOQ };

const FIELDS = ["userPhone", "userAddress", "quantityAmount"] as const;

/** The total the form shows, in dollars; a quantity not yet typed totals nothing. */
export const orderTotal = (quantity: number, price: number) => (Number.isFinite(quantity) ? orderTotalCents(Math.round(price * 100), quantity) / 100 : 0);

interface OrderFormProps {
  tool: Tool;
  userName: string;
  userEmail: string;
  onSubmit: (order: PlaceOrderInput) => Promise<void>;
  /** The phone and address to start with (the buyer's last order's, or the profile's); still editable. */
  contact?: ContactDefaults | null;
}

export function OrderForm({ tool, userName, userEmail, onSubmit, contact = null }: OrderFormProps) {
  const form = useForm({
    resolver: zodResolver(placeOrderInput),
    defaultValues: { userPhone: contact?.userPhone ?? "", userAddress: contact?.userAddress ?? "", quantityAmount: tool.moq },
  });
  const {
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { isSubmitting },
  } = form;
  const quantity = useWatch({ control, name: "quantityAmount" });

  // Known only after the form opened: filled in once, and only where the buyer has not typed yet.
  const prefilled = useRef(contact !== null);
  useEffect(() => {
    if (!contact || prefilled.current) return;
    prefilled.current = true;
    for (const field of ["userPhone", "userAddress"] as const) {
      if (getValues(field) === "" && contact[field]) setValue(field, contact[field]);
    }
  }, [contact, getValues, setValue]);

  const submitValid = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (showFieldErrors(error, FIELDS, setError)) return;
      // Any other refusal (a total a card cannot pay, too many unpaid orders, a tool the buyer just
      // let go, stock gone meanwhile) is the API's own sentence, shown as the quantity alerts of docs/product.md §6.2 are.
      window.alert(error instanceof ApiError ? error.detail : "The order could not be placed. Please try again.");
    }
  });

  // The quantity bounds are the two alerts of docs/product.md §6.2, shown before anything else is checked or sent.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const amount = getValues("quantityAmount");
    if (!Number.isFinite(amount) || amount < tool.moq) {
      event.preventDefault();
      window.alert(BELOW_MOQ);
      return;
    }
    if (amount > tool.aq) {
      event.preventDefault();
      window.alert(ABOVE_AQ);
      return;
    }
    void submitValid(event);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField id="order-name" label="Name" type="text" value={userName} readOnly />
      <TextField id="order-email" label="Email" type="email" value={userEmail} readOnly />
      <TextField
        id="order-phone"
        label="Phone Number"
        labelAsPlaceholder
        type="tel"
        autoComplete="tel"
        required
        {...formField(form, "userPhone")}
      />
      <TextAreaField
        id="order-address"
        label="Address"
        labelAsPlaceholder
        autoComplete="street-address"
        rows={2}
        required
        {...formField(form, "userAddress")}
      />
      <TextField
        id="order-quantity"
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={tool.moq}
        max={tool.aq}
        step={1}
        required
        hint={`From ${tool.moq} to ${tool.aq} units`}
        {...formField(form, "quantityAmount", { valueAsNumber: true })}
      />
      <p className="order-total" aria-live="polite">
        Total Price: <strong>{formatDollars(orderTotal(quantity, tool.price))}</strong>
      </p>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Confirm Order
      </button>
    </form>
  );
}
