import { endpoint } from "../../lib/web/endpoint.ts";
import { currentUserDto } from "../../lib/users/current-user.ts";

export const GET = endpoint("account.read", async ({ viewer }) => currentUserDto(viewer));
