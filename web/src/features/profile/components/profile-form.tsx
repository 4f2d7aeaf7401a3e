import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type UpdateProfileBody, updateProfileBody, type User } from "@api/users/users.schemas";
import { TextField } from "@/components/form/text-field";
import { formField, submitToApi } from "@/lib/form";

interface ProfileFormProps {
  profile: Pick<User, "education" | "location" | "number" | "linkIn">;
  onSubmit: (changes: UpdateProfileBody) => Promise<void>;
}

const FIELDS = [
  { name: "education", label: "Education", type: "text", autoComplete: "off" },
  { name: "location", label: "Location", type: "text", autoComplete: "address-level2" },
  { name: "number", label: "Phone Number", type: "tel", autoComplete: "tel" },
  { name: "linkIn", label: "LinkedIn Profile", type: "url", autoComplete: "url" },
] as const;
const FIELD_NAMES = FIELDS.map((field) => field.name);

/** Every field is optional; the API's own schema checks the phone number and the link. */
export function ProfileForm({ profile, onSubmit }: ProfileFormProps) {
  const form = useForm({
    resolver: zodResolver(updateProfileBody),
    defaultValues: {
      education: profile.education,
      location: profile.location,
      number: profile.number,
      linkIn: profile.linkIn,
    },
  });
  const { isSubmitting } = form.formState;
  // The form keeps what was saved, to show it and to edit it further.
  const submit = submitToApi(form, FIELD_NAMES, onSubmit, { resetWhenSent: false });

  return (
    <form className="form" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, label, type, autoComplete }) => (
        <TextField
          key={name}
          id={`profile-${name}`}
          label={label}
          labelAsPlaceholder
          type={type}
          autoComplete={autoComplete}
          {...formField(form, name)}
        />
      ))}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        Update
      </button>
    </form>
  );
}
