#!/usr/bin/env node
// Snapshot tests of the TextMate grammars over the sample packs (vscode-tmgrammar-test).
//
// Copies every packs/*/*.munch and packs/*/scenarios/*.scn into test/snapshots/<pack>/
// (the copies are git-ignored; the .snap files beside them are committed), then runs
// vscode-tmgrammar-snap on them.  A changed grammar or sample pack fails until the
// snapshots are reviewed and updated with `npm run test:update`.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const here = path.resolve(__dirname, "..");
const packs = path.resolve(here, "..", "..", "packs");
const out = path.join(here, "test", "snapshots");
const update = process.argv.includes("--update");

const copies = { munch: [], scn: [] };
for (const pack of fs.readdirSync(packs).sort()) {
  const folder = path.join(packs, pack);
  if (!fs.statSync(folder).isDirectory()) continue;
  const target = path.join(out, pack);
  fs.mkdirSync(target, { recursive: true });
  const sources = fs.readdirSync(folder).filter((f) => f.endsWith(".munch"))
    .map((f) => path.join(folder, f));
  const scenarios = path.join(folder, "scenarios");
  if (fs.existsSync(scenarios)) {
    sources.push(...fs.readdirSync(scenarios).filter((f) => f.endsWith(".scn"))
      .map((f) => path.join(scenarios, f)));
  }
  for (const source of sources.sort()) {
    const copy = path.join(target, path.basename(source));
    fs.copyFileSync(source, copy);
    copies[source.endsWith(".scn") ? "scn" : "munch"].push(copy);
  }
}
// A snapshot whose sample file is gone is stale: fail rather than keep it silently.
for (const pack of fs.readdirSync(out)) {
  for (const snap of fs.readdirSync(path.join(out, pack)).filter((f) => f.endsWith(".snap"))) {
    const source = path.join(out, pack, snap.slice(0, -".snap".length));
    const known = copies.munch.includes(source) || copies.scn.includes(source);
    if (!known) {
      if (update) fs.unlinkSync(path.join(out, pack, snap));
      else { console.error(`stale snapshot (no such sample file): ${pack}/${snap}`); process.exit(1); }
    }
  }
}

const snap = path.join(here, "node_modules", ".bin", "vscode-tmgrammar-snap");
const runs = [
  ["syntaxes/munchkin.tmLanguage.json", "source.munchkin", "test/snapshots/*/*.munch"],
  ["syntaxes/munchkin-scenario.tmLanguage.json", "source.munchkin-scenario",
    "test/snapshots/*/*.scn"],
];
let failed = false;
for (const [grammar, scope, glob] of runs) {
  const args = ["-g", grammar, "-s", scope, glob];
  if (update) args.unshift("--updateSnapshot");
  const result = spawnSync(snap, args, { cwd: here, stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
const count = copies.munch.length + copies.scn.length;
console.log(failed ? `tmgrammar: FAILED (${count} files)`
  : `tmgrammar: ${count} passed, 0 failed`);
process.exit(failed ? 1 : 0);
