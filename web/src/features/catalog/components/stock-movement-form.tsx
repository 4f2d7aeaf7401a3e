import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { StockMovementBody } from "@api/tools/tools.schemas";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { formField, submitToApi } from "@/lib/form";
import { stockMovementInput } from "../api/move-stock";

interface StockMovementFormProps {
  onSubmit: (movement: StockMovementBody) => Promise<void>;
}

const KINDS = [
  { value: "restock", label: "Restock: put units on the shelf" },
  { value: "correction", label: "Correction: take units off the shelf" },
] as const;

/** A restock or a correction: how many units, and why (a correction must say). */
export function StockMovementForm({ onSubmit }: StockMovementFormProps) {
  const form = useForm({ resolver: zodResolver(stockMovementInput), defaultValues: { kind: "restock", reason: "" } });
  const { isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });
  // Sent, the form is empty again, so a second click cannot move the same units twice.
  const submit = submitToApi(form, ["quantity", "reason"], onSubmit, { resetWhenSent: true });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset className="stock-kind">
        <legend>Movement</legend>
        {KINDS.map(({ value, label }) => (
          <label key={value} className="choice">
            <input type="radio" value={value} {...form.register("kind")} />
            {label}
          </label>
        ))}
      </fieldset>
      <TextField
        id="stock-quantity"
        label="Quantity"
        type="number"
        step="1"
        min={1}
        required
        hint="Units, a whole number"
        {...formField(form, "quantity", { valueAsNumber: true })}
      />
      <TextAreaField
        id="stock-reason"
        label="Reason"
        rows={3}
        required={kind === "correction"}
        hint={kind === "correction" ? "Required: why the units are taken off" : "Optional: a delivery note, say"}
        {...formField(form, "reason")}
      />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {kind === "correction" ? "Take off stock" : "Add stock"}
      </button>
    </form>
  );
}
