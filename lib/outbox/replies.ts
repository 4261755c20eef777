// What a driver's SMS reply means, and the words the message log shows for what it did. Pure: the
// webhook, the simulated reply, the outbox page and the tests all read the same table.
import { formatDate } from "../dates/format.ts";

export type ReplyIntent = "yes" | "no" | "unknown";

/** 02/issue 10: YES, Y, 1, OK, CONFIRM mean yes; NO, N, 2, CANCEL mean no (any case, with other words). */
const YES = new Set(["yes", "y", "1", "ok", "okay", "confirm", "confirmed"]);
const NO = new Set(["no", "n", "2", "cancel", "cancelled", "canceled"]);
/** A yes word next to one of these ("not ok", "can't confirm") is not a yes: kept for a person to read. */
const NEGATIONS = new Set(["not", "can't", "cant", "cannot", "won't", "wont", "don't", "dont"]);

/** The reply's words, lower case, apostrophes kept ("i'll"), everything else a separator. */
export function replyWords(body: string): string[] {
  return body.toLowerCase().replace(/[’‘]/g, "'").split(/[^a-z0-9']+/).map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

/**
 * Yes, no, or unknown. A reply with both a yes and a no word ("yes... no, cancel"), or a negated yes,
 * is unknown: applying a guess to a driver's shift is worse than letting a dispatcher read it.
 */
export function classifyReply(body: string): ReplyIntent {
  const words = replyWords(body);
  const yes = words.some((w) => YES.has(w));
  const no = words.some((w) => NO.has(w));
  const negated = words.some((w) => NEGATIONS.has(w));
  if (yes && !no && !negated) return "yes";
  if (no && !yes) return "no";
  return "unknown";
}

/** What one inbound reply did; stored in the message's meta and shown in the log. */
export type ReplyOutcome =
  | {
    outcome: "applied";
    status: 1 | 2;
    record_id: number;
    report_id: number;
    report_date: string;
    row: number;
  }
  | { outcome: "not_understood" }
  | { outcome: "unknown_sender" }
  | { outcome: "ambiguous_sender"; da_ids: number[] }
  | { outcome: "no_pending_row" }
  | { outcome: "refused"; record_id: number; reason: string }
  | { outcome: "duplicate" };

const STATUS_WORD: Record<1 | 2, string> = { 1: "Confirmed", 2: "Rejected" };

/** "set Confirmed for 24-11-2026 row #3", "not understood", ... (the outbox's "what it did"). */
export function outcomeText(meta: Record<string, unknown> | null | undefined): string {
  const o = meta as Partial<ReplyOutcome & Record<string, unknown>> | null | undefined;
  switch (o?.outcome) {
    case "applied": {
      const a = o as Extract<ReplyOutcome, { outcome: "applied" }>;
      return `set ${STATUS_WORD[a.status] ?? `status ${a.status}`} for ${
        formatDate(a.report_date)
      } row #${a.row}`;
    }
    case "not_understood":
      return "not understood: kept, not applied";
    case "unknown_sender":
      return "no DA has this number";
    case "ambiguous_sender":
      return "several DAs have this number: not applied";
    case "no_pending_row":
      return "no pending row";
    case "refused":
      return `not applied: ${String((o as { reason?: unknown }).reason ?? "refused")}`;
    default:
      return "";
  }
}

/**
 * The digits of a phone number as E.164 would write them, as far as they can be known without a
 * country: "+1 (415) 555-0100" -> "14155550100", "00 49 151 ..." -> "49151...". Stored numbers that lack
 * the country code ("(415) 555-0100") are matched on their tail (`phoneTail`).
 */
export function phoneDigits(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  return trimmed.startsWith("+") ? digits : digits.replace(/^00/, "");
}

/** The last ten digits (a national number without its trunk 0 or country code), the fallback match. */
export const TAIL_DIGITS = 10;
export const phoneTail = (phone: string): string => phoneDigits(phone).slice(-TAIL_DIGITS);
