#!/usr/bin/env node
// Loads extension.js with a stand-in `vscode` module and checks that activating it starts
// a language client for both languages with the configured server command.  (The real
// editor is not available in CI; this catches a broken require, a typo in the client
// options or a setting read under the wrong name.)
"use strict";
const Module = require("module");
const path = require("path");
const assert = require("assert");

const settings = { "server.path": "/opt/venv/bin/munchkin", "server.args": ["lsp"],
  "server.debounceMs": 150 };
const started = [];
const vscode = {
  workspace: {
    getConfiguration: (section) => {
      assert.strictEqual(section, "munchkin");
      return { get: (key, fallback) => (key in settings ? settings[key] : fallback) };
    },
    onDidChangeConfiguration: () => ({ dispose() {} }),
  },
  window: { showErrorMessage: (message) => { throw new Error(message); } },
};
class FakeClient {
  constructor(id, name, server, client) { Object.assign(this, { id, name, server, client }); }
  async start() { started.push(this); }
  async stop() {}
  dispose() {}
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "vscode" || request === "vscode-languageclient/node") return request;
  return resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: "vscode", filename: "vscode", loaded: true, exports: vscode };
require.cache["vscode-languageclient/node"] = { id: "lc", filename: "lc", loaded: true,
  exports: { LanguageClient: FakeClient } };

const extension = require(path.resolve(__dirname, "..", "extension.js"));
const context = { subscriptions: [] };
Promise.resolve(extension.activate(context)).then(() => {
  assert.strictEqual(started.length, 1);
  const client = started[0];
  assert.deepStrictEqual(client.server.command, "/opt/venv/bin/munchkin");
  assert.deepStrictEqual(client.server.args, ["lsp"]);
  assert.deepStrictEqual(client.client.documentSelector.map((s) => s.language),
    ["munchkin", "munchkin-scenario"]);
  assert.deepStrictEqual(client.client.initializationOptions, { debounce_ms: 150 });
  // the real client library is installed where extension.js looks for it (it needs the
  // editor's own vscode module to load, so it is resolved here, not loaded)
  Module._resolveFilename = resolve;
  assert.ok(require.resolve("vscode-languageclient/node").includes("vscode-languageclient"));
  console.log("extension smoke: 1 passed, 0 failed");
}).catch((err) => { console.error(err); process.exit(1); });
