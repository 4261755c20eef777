import { z } from "zod";

const optionalText = z.string().trim().max(200).transform((v) => (v === "" ? null : v)).nullable().optional();
const optionalDate = z.union([z.iso.date({ error: "Not valid" }), z.literal(""), z.null()])
  .transform((v) => (v ? v : null)).optional();

/** The spec's editable profile fields (01 section 3); the profile form has no other validation. */
export const profileInput = z.object({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  mobile_number: optionalText,
  date_of_birth: optionalDate,
  personal_email: z.union([z.email("Not valid"), z.literal(""), z.null()]).transform((v) => (v ? v : null))
    .optional(),
  whatsapp_mobile_number: optionalText,
  driver_license: optionalText,
  driver_license_expiry: optionalDate,
}).strict();
export type ProfileInput = z.infer<typeof profileInput>;

export const navSettingsInput = z.object({ hidden: z.array(z.string().max(60)).max(100) });

export const usersListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  search: z.string().trim().max(100).optional(),
  is_superusers: z.enum(["true", "false"]).optional(),
  is_managers: z.enum(["true", "false"]).optional(),
  is_driver: z.enum(["true", "false"]).optional(),
  custom: z.enum(["0", "1", "2", "5"]).optional(),
});
