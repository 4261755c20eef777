import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { navSettingsInput } from "../../../lib/users/inputs.ts";
import { saveNavSettings } from "../../../lib/users/mutations.ts";
import { menuKeys } from "../../../lib/auth/permissions.ts";

export const GET = endpoint("account.read", async ({ viewer }) => ({
  available: menuKeys(viewer.role),
  hidden: viewer.hiddenMenu,
}));

export const PUT = endpoint("settings.update", async (ctx) => {
  const { hidden } = await readJson(ctx.request, navSettingsInput);
  return { hidden: await saveNavSettings(ctx.db, ctx.viewer, hidden) };
});
