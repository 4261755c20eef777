/** The Shift reports / Budgets switch (02 section 2), for the two privileged roles only: two links. */
export default function TypeSwitch({ current }: { current: "shifts" | "budget" }) {
  const tab = (type: "shifts" | "budget", label: string, href: string) => (
    <a
      href={href}
      aria-current={current === type ? "page" : undefined}
      data-testid={`type-${type}`}
      className={`rounded px-3 py-1.5 text-sm font-medium transition ${
        current === type ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
      }`}
    >
      {label}
    </a>
  );
  return (
    <nav className="inline-flex rounded-md bg-slate-200/70 p-1" aria-label="List type">
      {tab("shifts", "Shift reports", "/das-reports")}
      {tab("budget", "Budgets", "/das-reports?type=budget")}
    </nav>
  );
}
