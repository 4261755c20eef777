// Generated roster files for the integration tests and the benchmark.

export const DA_HEAD =
  "First Name,Last Name,Email,Phone,Transporter ID,Badge,Driver License,License Expiry,Station,Agency,Status";

/** n new DAs spread over the three demo stations; `tag` keeps ids and e-mails apart between files. */
export function bigRoster(n: number, tag: string, status = "Active"): string {
  const tags = ["DON9", "HYZ1", "DTO3"];
  const lines = [DA_HEAD];
  for (let i = 0; i < n; i++) {
    const id = `A${tag}${String(i).padStart(12 - tag.length, "0")}`;
    lines.push(
      `Name${i},Bulk${tag},bulk.${tag.toLowerCase()}.${i}@drivers.example.com,(206) 555-${
        String(i % 10000).padStart(4, "0")
      },${id},${50000 + i},WDL${i},${(i % 28) + 1}-06-2028,${tags[i % 3]},${
        i % 2 ? "Direct Hire" : "Summit Staffing"
      },${status}`,
    );
  }
  return lines.join("\n") + "\n";
}
