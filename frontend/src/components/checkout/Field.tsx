import type { ReactNode } from "react";
import type { InputSpec } from "../../app/checkout";

interface Common {
  id: string;
  spec: InputSpec;
  /** The `autocomplete` section: `shipping`, `billing`; none for the contact's email. */
  section?: string;
  error?: string;
  required?: boolean;
}

/** A field's label, its control and, beside it, what the edge refused (which the control names as its description). */
function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? "field invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});
const autocomplete = (section: string | undefined, token: string) => (section ? `${section} ${token}` : token);

/** A labelled text input (text, email, tel), its error beside it. */
export function TextField({ id, spec, section, error, required = true, value, onChange }: Common & { value: string; onChange: (value: string) => void }) {
  return (
    <Labelled id={id} label={spec.label} error={error}>
      <input
        id={id}
        name={id}
        type={spec.type ?? "text"}
        inputMode={spec.inputMode}
        autoComplete={autocomplete(section, spec.autocomplete)}
        maxLength={spec.maxLength}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...described(id, error)}
      />
    </Labelled>
  );
}

/** A labelled select of `choices` (code and name), starting from an empty "Select…" choice. */
export function SelectField(
  props: Common & { value: string; onChange: (value: string) => void; choices: Array<{ code: string; name: string }>; placeholder: string },
) {
  const { id, spec, section, error, required = true, value, onChange, choices, placeholder } = props;
  return (
    <Labelled id={id} label={spec.label} error={error}>
      <select
        id={id}
        name={id}
        autoComplete={autocomplete(section, spec.autocomplete)}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...described(id, error)}
      >
        <option value="">{placeholder}</option>
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
