import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Tool, UpdateToolBody } from "@api/tools/tools.schemas";
import { TextAreaField } from "@/components/form/text-area-field";
import { TextField } from "@/components/form/text-field";
import { submitToApi } from "@/lib/form";
import { updateToolInput } from "../api/update-tool";

interface EditToolFormProps {
  tool: Tool;
  onSubmit: (changes: UpdateToolBody) => Promise<void>;
}

type FieldName = keyof UpdateToolBody;

/** The Add Product fields and labels, but the stock, which changes by Restock. */
const FIELDS: readonly { name: FieldName; label: string; kind: "text" | "textarea" | "number"; step?: string; min?: number }[] = [
  { name: "name", label: "Tools Name", kind: "text" },
  { name: "price", label: "Price", kind: "number", step: "0.01", min: 0 },
  { name: "description", label: "Description", kind: "textarea" },
  { name: "moq", label: "Minimum Order Quantity", kind: "number", step: "1", min: 1 },
  { name: "img", label: "Image Url", kind: "text" },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

/** A tool's fields, filled in with what it has now; every field stays required. */
export function EditToolForm({ tool, onSubmit }: EditToolFormProps) {
  const form = useForm({
    resolver: zodResolver(updateToolInput),
    defaultValues: { name: tool.name, price: tool.price, description: tool.description, moq: tool.moq, img: tool.img },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = submitToApi(form, FIELD_NAMES, onSubmit, { resetWhenSent: false });

  return (
    <form className="form" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, label, kind, step, min }) => {
        const field = { id: `edit-tool-${name}`, label, placeholder: label, required: true, error: errors[name]?.message };
        if (kind === "textarea") return <TextAreaField key={name} rows={4} {...field} {...form.register(name)} />;
        if (kind === "number") {
          return <TextField key={name} type="number" step={step} min={min} {...field} {...form.register(name, { valueAsNumber: true })} />;
        }
        return <TextField key={name} type="text" {...field} {...form.register(name)} />;
      })}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Save changes
      </button>
    </form>
  );
}
