import { useEffect, useRef, useState } from "react";
import Icon, { hasIcon } from "./ui/Icon.tsx";
import type { MenuGroup } from "../lib/auth/permissions.ts";
import { reactIsland } from "./ui/island.ts";

interface Props {
  menu: MenuGroup[];
  currentPath: string;
  user: { firstName: string; lastName: string; roleName: string };
  orgLabel: string | null;
  /** From the nav cookie, so the server renders the menu at its final width (no flash on load). */
  collapsed?: boolean;
}

export const COLLAPSE_COOKIE = "nav_collapsed";

function isActive(href: string, path: string) {
  return path === href || (href !== "/" && path.startsWith(href + "/"));
}

/** The one item the path belongs to: the longest matching href (/dashboard/routes is Route, not Dashboard). */
function activeHref(menu: Props["menu"], path: string): string | undefined {
  return menu.flatMap((g) => g.items.map((i) => i.href)).filter((h) => isActive(h, path))
    .sort((a, b) => b.length - a.length)[0];
}

/** Top bar, side menu (200 px, collapsing to 64) and, below 750 px, a full-screen drawer. */
export default function ShellNav(
  { menu, currentPath, user, orgLabel, collapsed: initiallyCollapsed = false }: Props,
) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [drawer, setDrawer] = useState(false);
  const [account, setAccount] = useState(false);
  const accountRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.body.dataset.nav = collapsed ? "collapsed" : "open";
    document.cookie = `${COLLAPSE_COOKIE}=${collapsed ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
  }, [collapsed]);
  // The shell stays on screen between pages (transition:persist): a new page closes what was open.
  useEffect(() => {
    setDrawer(false);
    setAccount(false);
  }, [currentPath]);
  useEffect(() => {
    // The full-screen drawer owns the scroll while it is open.
    document.documentElement.classList.toggle("overflow-hidden", drawer);
  }, [drawer]);
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (accountRef.current && !accountRef.current.contains(e.target as Node)) setAccount(false);
    };
    const esc = (e: KeyboardEvent) => e.key === "Escape" && (setAccount(false), setDrawer(false));
    document.addEventListener("click", close);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", esc);
    };
  }, []);

  const emptyMenu = (
    <p className="px-4 py-3 text-sm text-brand-100/80" data-testid="menu-empty">
      No menu entries to show. Choose them in{" "}
      <a href="/settings" className="underline hover:text-white">Settings</a>.
    </p>
  );
  const top = menu.filter((g) => !g.bottom);
  const bottom = menu.filter((g) => g.bottom);

  const groupList = (groups: MenuGroup[], compact: boolean) =>
    groups.map((g) => (
      <div key={g.key} className="mb-2" data-menu-group={g.key}>
        {compact
          ? null
          : g.items.length > 1 || g.items[0].label !== g.label
          ? (
            <div className="px-3 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wider text-brand-100/70">
              {g.label}
            </div>
          )
          : null}
        {g.items.map((item) => {
          const active = item.href === activeHref(menu, currentPath);
          return (
            <a
              key={item.key}
              href={item.href}
              data-menu-item={item.key}
              title={compact ? item.label : undefined}
              aria-current={active ? "page" : undefined}
              className={`mx-2 flex items-center gap-3 rounded-md px-2 py-2 text-sm transition ${
                active
                  ? "bg-white/15 font-semibold text-white"
                  : "text-brand-50/90 hover:bg-white/10 hover:text-white"
              }`}
            >
              <Icon name={hasIcon(item.key) ? item.key : g.key} className="h-5 w-5 shrink-0" />
              {compact
                ? <span className="sr-only">{item.label}</span>
                : <span className="truncate">{item.label}</span>}
            </a>
          );
        })}
      </div>
    ));

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 shadow-sm">
        <button
          type="button"
          className="btn-ghost px-2 min-[750px]:hidden"
          aria-label="Open menu"
          data-testid="drawer-open"
          onClick={() => setDrawer(true)}
        >
          <Icon name="menu" />
        </button>
        <a href="/" className="flex items-center gap-2 font-semibold text-brand-900">
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>DSP Back Office</span>
        </a>
        {orgLabel
          ? (
            <span className="hidden rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 md:inline">
              {orgLabel}
            </span>
          )
          : null}
        <div className="ml-auto flex items-center gap-3" ref={accountRef}>
          <div className="hidden text-right leading-tight min-[750px]:block" data-testid="user-name">
            <div className="text-sm font-medium text-slate-800">{user.firstName} {user.lastName}</div>
            <div className="text-xs text-slate-500">{user.roleName}</div>
          </div>
          <div className="relative">
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
              aria-haspopup="menu"
              aria-expanded={account}
              data-testid="account-menu"
              onClick={() => setAccount(!account)}
            >
              {
                /* The initials are decoration: the name is the hidden text (an aria-label that does not
                  contain the visible initials fails axe's label-content-name-mismatch on every page). */
              }
              <span aria-hidden="true">
                {(user.firstName[0] ?? "?").toUpperCase()}
                {(user.lastName[0] ?? "").toUpperCase()}
              </span>
              <span className="sr-only">Account menu</span>
            </button>
            {account
              ? (
                <div
                  role="menu"
                  className="absolute right-0 mt-2 w-48 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
                >
                  <a
                    role="menuitem"
                    href="/account"
                    className="flex items-center gap-2 px-3 py-2 text-sm hover:bg-slate-50"
                  >
                    <Icon name="user" className="h-4 w-4" /> My account
                  </a>
                  <a
                    role="menuitem"
                    href="/settings"
                    className="flex items-center gap-2 px-3 py-2 text-sm hover:bg-slate-50"
                  >
                    <Icon name="settings" className="h-4 w-4" /> Settings
                  </a>
                  <form method="post" action="/logout" data-astro-reload>
                    <button
                      role="menuitem"
                      type="submit"
                      className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50"
                    >
                      <Icon name="logout" className="h-4 w-4" /> Logout
                    </button>
                  </form>
                </div>
              )
              : null}
          </div>
        </div>
      </header>

      <nav
        aria-label="Main"
        data-testid="side-menu"
        className={`fixed bottom-0 left-0 top-14 z-30 hidden flex-col overflow-y-auto bg-brand-900 py-2 transition-[width] min-[750px]:flex ${
          collapsed ? "w-16" : "w-[200px]"
        }`}
      >
        <div className="flex-1">
          {menu.length === 0 && !collapsed ? emptyMenu : groupList(top, collapsed)}
        </div>
        {bottom.length > 0
          ? <div className="border-t border-white/10 pt-2">{groupList(bottom, collapsed)}</div>
          : null}
        <button
          type="button"
          data-testid="collapse-toggle"
          onClick={() => setCollapsed(!collapsed)}
          className="mx-2 mt-1 flex items-center gap-2 rounded-md px-2 py-2 text-sm text-brand-50/80 hover:bg-white/10"
          aria-label={collapsed ? "Expand menu" : "Collapse menu"}
        >
          <Icon name={collapsed ? "chevronRight" : "chevronLeft"} />
          {collapsed ? null : <span>Collapse</span>}
        </button>
      </nav>

      {drawer
        ? (
          <div
            className="fixed inset-0 z-50 flex flex-col bg-brand-900 min-[750px]:hidden"
            role="dialog"
            aria-label="Menu"
            data-testid="drawer"
          >
            <div className="flex h-14 shrink-0 items-center justify-between border-b border-white/10 px-3 text-white">
              <div className="min-w-0 leading-tight" data-testid="drawer-user">
                <div className="truncate font-semibold">{user.firstName} {user.lastName}</div>
                <div className="text-xs text-brand-100/80">{user.roleName}</div>
              </div>
              <button
                type="button"
                className="rounded-md p-2 hover:bg-white/10"
                aria-label="Close menu"
                onClick={() => setDrawer(false)}
              >
                <Icon name="close" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto py-2">
              {menu.length === 0 ? emptyMenu : groupList(top, false)}
              {bottom.length > 0
                ? (
                  <div className={top.length > 0 ? "border-t border-white/10 pt-2" : ""}>
                    {groupList(bottom, false)}
                  </div>
                )
                : null}
            </div>
          </div>
        )
        : null}
    </>
  );
}

reactIsland(ShellNav);
