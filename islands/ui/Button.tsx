import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Why the button cannot be used now ("Tick a row first"), or null/undefined when it can. A button with a
   * reason stays focusable (aria-disabled, not disabled), shows the reason as its tooltip (the title, also
   * its accessible description), and does nothing when pressed: every disabled button says why (issue 14).
   */
  disabledReason?: string | null;
  children: ReactNode;
}

/**
 * The kit's button: `className` picks the look (btn-primary, btn-secondary, ...). Use `disabled` only for
 * a request on its way (the label then says so: "Saving…"); for a rule not met yet, `disabledReason`.
 */
export default function Button({ disabledReason, onClick, title, children, ...rest }: ButtonProps) {
  const blocked = !!disabledReason;
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={blocked || undefined}
      title={blocked ? disabledReason! : title}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        // Also stops a submit button's form (a click, or Enter in a field).
        if (blocked) e.preventDefault();
        else onClick?.(e);
      }}
    >
      {children}
    </button>
  );
}

/** Why a button is off, from the first rule not met: `whyNot([[!file, "Choose a file first"], ...])`. */
export function whyNot(rules: [boolean, string][]): string | null {
  return rules.find(([broken]) => broken)?.[1] ?? null;
}
