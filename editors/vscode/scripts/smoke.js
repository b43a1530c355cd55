#!/usr/bin/env node
// Loads the extension with a stand-in `vscode` module and checks what activating it does:
// which server command it starts (munchkin.server.path; munchkin.python.path; the Python
// extension's interpreter; `munchkin` on PATH), for both languages, with the commands
// registered.  (The real editor is not available in CI; this catches a broken require, a
// typo in the client options or a setting read under the wrong name.)  With --bundle it
// loads dist/extension.js, the esbuild bundle the .vsix ships, instead of src/.
"use strict";
const Module = require("module");
const path = require("path");
const assert = require("assert");

const bundle = process.argv.includes("--bundle");
const entry = path.resolve(__dirname, "..", bundle ? "dist/extension.js" : "src/extension.js");
let settings = {};
let pythonExtension;
const started = [];
const commands = [];
const disposable = { dispose() {} };
const vscode = {
  workspace: {
    getConfiguration: (section) => {
      assert.strictEqual(section, "munchkin");
      return { get: (key, fallback) => (key in settings ? settings[key] : fallback) };
    },
    onDidChangeConfiguration: () => disposable,
    createFileSystemWatcher: (glob) => ({ glob, dispose() {} }),
    workspaceFolders: [{ uri: { fsPath: "/work/pack" } }],
  },
  window: {
    showErrorMessage: (message) => { throw new Error(message); },
    createOutputChannel: (name) => ({ name, show() {}, dispose() {} }),
  },
  commands: { registerCommand: (name) => { commands.push(name); return disposable; } },
  extensions: { getExtension: (id) => (id === "ms-python.python" ? pythonExtension : undefined) },
};
class FakeClient {
  constructor(id, name, server, client) { Object.assign(this, { id, name, server, client }); }
  async start() { started.push(this); }
  async stop() {}
  dispose() {}
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "vscode" || (!bundle && request === "vscode-languageclient/node")) {
    return request;
  }
  return resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: "vscode", filename: "vscode", loaded: true, exports: vscode };
require.cache["vscode-languageclient/node"] = { id: "lc", filename: "lc", loaded: true,
  exports: { LanguageClient: FakeClient } };

async function activate(newSettings, python) {
  settings = newSettings;
  pythonExtension = python;
  started.length = 0;
  commands.length = 0;
  delete require.cache[entry];
  await require(entry).activate({ subscriptions: [] });
  assert.strictEqual(started.length, 1);
  return started[0];
}

async function main() {
  if (bundle) {  // the bundle carries vscode-languageclient inside; only vscode is external
    const text = require("fs").readFileSync(entry, "utf-8");
    assert.ok(text.includes('require("vscode")'), "vscode must stay external");
    assert.ok(!/require\("vscode-languageclient/.test(text), "the client library is bundled");
    assert.ok(text.includes("munchkin/preview") && text.includes("ms-python.python"));
    console.log("extension bundle smoke: 1 passed, 0 failed");
    return;
  }
  const fromPath = await activate({ "server.path": "/opt/venv/bin/munchkin" });
  assert.strictEqual(fromPath.server.command, "/opt/venv/bin/munchkin");
  assert.deepStrictEqual(fromPath.server.args, ["lsp"]);
  assert.deepStrictEqual(fromPath.client.documentSelector.map((s) => s.language),
    ["munchkin", "munchkin-scenario"]);
  assert.deepStrictEqual(fromPath.client.initializationOptions, {});  // no typing pause
  assert.deepStrictEqual(commands.sort(), ["munchkin.previewCard", "munchkin.restartServer",
    "munchkin.runScenarios", "munchkin.showOutput"]);

  const python = { isActive: true, exports: { environments: {
    getActiveEnvironmentPath: () => ({ path: "/venv/bin/python" }),
    resolveEnvironment: async () => ({ executable: { uri: { fsPath: "/venv/bin/python" } } }),
  } } };
  const fromExtension = await activate({}, python);
  assert.strictEqual(fromExtension.server.command, "/venv/bin/python");
  assert.deepStrictEqual(fromExtension.server.args, ["-m", "munchkin_dsl", "lsp"]);
  const overridden = await activate({ "python.path": "/other/python", "server.debounceMs": 50 },
    python);
  assert.strictEqual(overridden.server.command, "/other/python");
  assert.deepStrictEqual(overridden.client.initializationOptions, { debounce_ms: 50 });
  const plain = await activate({});
  assert.strictEqual(plain.server.command, "munchkin");

  // package.json: settings the code reads are declared, with the scopes VS Code needs
  const manifest = require(path.resolve(__dirname, "..", "package.json"));
  const props = manifest.contributes.configuration.properties;
  assert.strictEqual(props["munchkin.server.path"].scope, "machine-overridable");
  assert.deepStrictEqual(props["munchkin.trace.server"].enum, ["off", "messages", "verbose"]);
  assert.ok(!JSON.stringify(manifest).includes("example.invalid"));
  // the real client library is installed where the extension looks for it (it needs the
  // editor's own vscode module to load, so it is resolved here, not loaded)
  Module._resolveFilename = resolve;
  assert.ok(require.resolve("vscode-languageclient/node").includes("vscode-languageclient"));
  console.log("extension smoke: 5 passed, 0 failed");
}

main().catch((err) => { console.error(err); process.exit(1); });
