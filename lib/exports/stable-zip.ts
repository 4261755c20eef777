// ExcelJS stamps every zip entry of an .xlsx with the moment it was written (JSZip's default), so two
// downloads of the same workbook differ in a few bytes. A workbook the CLI saves must equal, byte for
// byte, what the page downloads (issue 11), so the entries' DOS date and time are set to one fixed moment
// here, after ExcelJS: in each local header and in the central directory. The zip is otherwise untouched.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** `when` as the DOS (time, date) pair a zip stores, in UTC (DOS times have 2-second steps, from 1980). */
export function dosDateTime(when: Date): { time: number; date: number } {
  const y = Math.max(1980, when.getUTCFullYear());
  const time = (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1);
  const date = ((y - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate();
  return { time, date };
}

/** The offset of the end-of-central-directory record (searched back over a comment of up to 64 KB). */
function endOfCentralDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new Error("not a zip file: no end of central directory");
}

/** A copy of the zip whose every entry is dated `when`. Throws on bytes that are not a zip. */
export function withFixedTimestamps(zip: Uint8Array, when: Date): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const { time, date } = dosDateTime(when);
  const eocd = endOfCentralDirectory(view);
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  for (let i = 0; i < entries; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error(`zip central directory broken at ${at}`);
    view.setUint16(at + 12, time, true);
    view.setUint16(at + 14, date, true);
    const local = view.getUint32(at + 42, true);
    if (view.getUint32(local, true) !== LOCAL) throw new Error(`zip local header missing at ${local}`);
    view.setUint16(local + 10, time, true);
    view.setUint16(local + 12, date, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}
