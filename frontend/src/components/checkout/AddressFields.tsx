import type { Country } from "../../api/types";
import { ADDRESS_SPECS, type AddressField, type AddressForm, type Section, countryOf, fieldId } from "../../app/checkout";
import { SelectField, TextField } from "./Field";

interface Props {
  section: Section;
  legend: string;
  address: AddressForm;
  countries: Country[];
  errors: Record<string, string>;
  onChange: (address: AddressForm) => void;
}

/** One address (shipping or billing) as a group of fields; the region only where the country has regions. */
export function AddressFields({ section, legend, address, countries, errors, onChange }: Props) {
  const country = countryOf(countries, address.country);
  const set = (field: AddressField) => (value: string) => {
    const next = { ...address, [field]: value };
    // A region of the previous country means nothing in the next.
    if (field === "country" && !countryOf(countries, value)?.regions.some((r) => r.code === address.region)) next.region = "";
    onChange(next);
  };
  const common = (field: AddressField) => {
    const path = `${section}.${field}` as const;
    return { id: fieldId(path), spec: ADDRESS_SPECS[field], section, error: errors[path], value: address[field], onChange: set(field) };
  };
  return (
    <fieldset className="checkout-fieldset address-fields">
      <legend>{legend}</legend>
      <TextField {...common("first_name")} />
      <TextField {...common("last_name")} />
      <TextField {...common("street")} />
      <TextField {...common("city")} />
      <TextField {...common("postal_code")} />
      <SelectField {...common("country")} choices={countries} placeholder="Select a country" />
      {country && country.regions.length > 0 && (
        <SelectField {...common("region")} choices={country.regions} required={country.region_required} placeholder="Select a state or region" />
      )}
      <TextField {...common("telephone")} />
    </fieldset>
  );
}
