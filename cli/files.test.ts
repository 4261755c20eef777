import assert from "node:assert/strict";
import { join } from "node:path";
import { partName, writeWholeFile } from "./files.ts";

Deno.test("a dump replaces the file whole and leaves no temporary file behind", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "Payroll.xlsx");
    await Deno.writeFile(file, new Uint8Array([1, 2, 3]));
    await writeWholeFile(file, new Uint8Array([9, 8]));
    assert.deepEqual([...await Deno.readFile(file)], [9, 8]);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["Payroll.xlsx"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a rename that fails removes its temporary file, and the target is left as it was", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // The target is a folder holding a file: the temporary file is written, then cannot replace it.
    const target = join(dir, "Payroll.xlsx");
    await Deno.mkdir(target);
    await Deno.writeFile(join(target, "keep"), new Uint8Array([1]));
    await assert.rejects(() => writeWholeFile(target, new Uint8Array([9, 8])));
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["Payroll.xlsx"]);
    assert.deepEqual([...await Deno.readFile(join(target, "keep"))], [1]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a temporary file left by a killed run is removed by the next; a running one's and another host's stay", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "Payroll.xlsx");
    // A process that has exited: its pid is free (and, on a busy machine, not yet reused within the test).
    const gone = new Deno.Command("true").spawn();
    await gone.status;
    const ours = partName(file).split("/").at(-1)!;
    const [, base, hostName] = /^(\.Payroll\.xlsx)\.(.+)\.\d+\.[0-9a-f]{8}\.part$/.exec(ours)!;
    const names = {
      killed: `${base}.${hostName}.${gone.pid}.0badf00d.part`,
      running: `${base}.${hostName}.1.0badf00d.part`,
      elsewhere: `${base}.other-host.${gone.pid}.0badf00d.part`,
      otherTarget: `.Fleet.xlsx.${hostName}.${gone.pid}.0badf00d.part`,
    };
    for (const name of Object.values(names)) await Deno.writeFile(join(dir, name), new Uint8Array([1]));
    await writeWholeFile(file, new Uint8Array([9, 8]));
    assert.deepEqual(
      [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
      ["Payroll.xlsx", names.running, names.elsewhere, names.otherTarget].sort(),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
