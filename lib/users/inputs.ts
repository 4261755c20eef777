import { z } from "zod";
import { queryInt, searchText, text } from "../inputs/fields.ts";
import { phone } from "../inputs/phone.ts";
import { parseDayText } from "../dates/format.ts";

const optionalText = text().trim().max(200).transform((v) => (v === "" ? null : v)).nullable().optional();
// The page's own form posts the date field as shown, dd-mm-yyyy (islands/ui/DateInput.tsx); the API's ISO
// 'YYYY-MM-DD' passes through parseDayText unchanged.
const optionalDate = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? parseDayText(v) ?? v : v),
  z.union([z.iso.date({ error: "Not valid" }), z.literal(""), z.null()]),
).transform((v) => (v ? v : null)).optional();

/** The spec's editable profile fields (01 section 3); the profile form has no other validation. */
export const profileInput = z.object({
  first_name: text().trim().max(100).optional(),
  last_name: text().trim().max(100).optional(),
  mobile_number: phone().optional(),
  date_of_birth: optionalDate,
  personal_email: z.union([z.email("Not valid"), z.literal(""), z.null()]).transform((v) => (v ? v : null))
    .optional(),
  whatsapp_mobile_number: phone().optional(),
  driver_license: optionalText,
  driver_license_expiry: optionalDate,
}).strict();
export type ProfileInput = z.infer<typeof profileInput>;

export const navSettingsInput = z.object({ hidden: z.array(text().max(60)).max(100) });

export const usersListQuery = z.object({
  page: queryInt(1, 2_147_483_647).default(1),
  page_size: queryInt(1, 1000).default(10),
  search: searchText(100),
  is_superusers: z.enum(["true", "false"]).optional(),
  is_managers: z.enum(["true", "false"]).optional(),
  is_driver: z.enum(["true", "false"]).optional(),
  custom: z.enum(["0", "1", "2", "5"]).optional(),
});
