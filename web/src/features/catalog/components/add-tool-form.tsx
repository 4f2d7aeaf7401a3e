import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { CreateToolBody } from "@api/tools/tools.schemas";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { submitToApi } from "@/lib/form";
import { createToolInput, type CreateToolInput } from "../api/create-tool";

interface AddToolFormProps {
  onSubmit: (tool: CreateToolBody) => Promise<void>;
  /** What the form starts with, such as a wish's name and price; empty when left out. */
  defaults?: Partial<CreateToolInput>;
}

type FieldName = keyof CreateToolBody;

interface FieldSpec {
  name: FieldName;
  /** The contract's placeholder (docs/product.md §3.9), also the label. */
  label: string;
  kind: "text" | "textarea" | "number";
  step?: string;
  min?: number;
}

const FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "Tools Name", kind: "text" },
  { name: "price", label: "Price", kind: "number", step: "0.01", min: 0 },
  { name: "description", label: "Description", kind: "textarea" },
  { name: "moq", label: "Minimum Order Quantity", kind: "number", step: "1", min: 1 },
  { name: "aq", label: "Available Quantity", kind: "number", step: "1", min: 0 },
  { name: "img", label: "Image Url", kind: "text" },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

export function AddToolForm({ onSubmit, defaults }: AddToolFormProps) {
  const form = useForm<CreateToolInput, unknown, CreateToolBody>({ resolver: zodResolver(createToolInput), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const submit = submitToApi(form, FIELD_NAMES, onSubmit, { resetWhenSent: true });

  return (
    <form className="form" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, label, kind, step, min }) => {
        const field = { id: `add-tool-${name}`, label, labelAsPlaceholder: true, required: true, error: errors[name]?.message };
        if (kind === "textarea") return <TextAreaField key={name} rows={4} {...field} {...form.register(name)} />;
        if (kind === "number") {
          return <TextField key={name} type="number" step={step} min={min} {...field} {...form.register(name, { valueAsNumber: true })} />;
        }
        return <TextField key={name} type="text" {...field} {...form.register(name)} />;
      })}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Add tools
      </button>
    </form>
  );
}
