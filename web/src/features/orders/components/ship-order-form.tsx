import { type FormEvent, useId, useState } from "react";
import { type Order, shipOrderBody } from "@api/orders/orders.schemas";
import { fieldAria } from "@/components/form/form-field";
import { type ShippingDetails, useMarkShipped } from "../api/mark-shipped";
import { orderNumber } from "../lib/order-status";

type Field = keyof ShippingDetails;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: { name: Field; label: string }[] = [
  { name: "carrier", label: "Carrier" },
  { name: "trackingNumber", label: "Tracking number" },
];

/**
 * The details typed in, left out when both are blank (then Shipped sends no body, as the contract's
 * button, docs/product.md §3.10), or what is wrong with them.
 */
function readDetails(form: HTMLFormElement): { details?: ShippingDetails; errors: FieldErrors } {
  const data = new FormData(form);
  const parsed = shipOrderBody.safeParse(Object.fromEntries(FIELDS.map(({ name }) => [name, String(data.get(name) ?? "")])));
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find(({ name }) => name === issue.path[0]);
      if (field) errors[field.name] ??= issue.message;
    }
    return { errors };
  }
  const given: ShippingDetails = {};
  for (const { name } of FIELDS) if (parsed.data?.[name]) given[name] = parsed.data[name];
  return { details: Object.keys(given).length > 0 ? given : undefined, errors: {} };
}

/**
 * The contract's Shipped button (docs/product.md §3.10), with the carrier and tracking number beside it. Both may stay empty:
 * Shipped then marks the order shipped at once, as it always did.
 */
export function ShipOrderForm({ order }: { order: Order }) {
  const id = useId();
  const markShipped = useMarkShipped();
  const [errors, setErrors] = useState<FieldErrors>({});
  const number = orderNumber(order._id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readDetails(form);
    setErrors(read.errors);
    const invalid = FIELDS.find(({ name }) => read.errors[name]);
    if (invalid) {
      form.querySelector<HTMLInputElement>(`[name="${invalid.name}"]`)?.focus();
      return;
    }
    markShipped.mutate({ id: order._id, details: read.details });
  };

  return (
    <form className="ship-form" noValidate onSubmit={submit}>
      {FIELDS.map(({ name, label }) => {
        const fieldId = `${id}-${name}`;
        return (
          <div className="field ship-field" key={name}>
            <label htmlFor={fieldId}>
              {label}
              <span className="visually-hidden"> of order {number}</span>
            </label>
            <input id={fieldId} name={name} type="text" maxLength={100} autoComplete="off" placeholder="Optional" {...fieldAria(fieldId, errors[name], undefined)} />
            {errors[name] && (
              <p id={`${fieldId}-error`} className="field-error text-error">
                {errors[name]}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn-primary btn-small" disabled={markShipped.isPending}>
        Shipped
      </button>
    </form>
  );
}
