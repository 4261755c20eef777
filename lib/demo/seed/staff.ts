// The demo's back-office accounts: one per role, all with the published demo password.
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedContext } from "./context.ts";

export interface DemoStaff {
  count: number;
  idOf(email: string): number;
  dispatcherId: number;
  supervisorId: number;
  managerId: number;
  ownerId: number;
}

export async function insertDemoStaff(
  ctx: SeedContext,
  passwordHash: string,
  agencyId: number,
): Promise<DemoStaff> {
  const staff = await ctx.tx.insert(users).values(DEMO_ACCOUNTS.map((a, i) => {
    const mobile = ctx.nextPhone();
    return {
      email: a.email,
      passwordHash,
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
      status: 1,
      isStaff: true,
      isSuperuser: a.role === 4,
      mobileNumber: mobile,
      whatsappMobileNumber: mobile,
      dateJoined: ctx.daysAgo(540 + i * 120),
      agencyId,
    };
  })).returning({ id: users.id, email: users.email });
  const idOf = (email: string) => staff.find((r) => r.email === email)!.id;
  return {
    count: staff.length,
    idOf,
    dispatcherId: idOf("dispatcher@example.com"),
    supervisorId: idOf("supervisor@example.com"),
    managerId: idOf("manager@example.com"),
    ownerId: idOf("owner@example.com"),
  };
}
