// The VS Code client: starts `munchkin lsp` (the path is the setting munchkin.server.path)
// for .munch pack files and .scn scenario files.  Everything else (diagnostics, completion,
// hover, formatting, quick fixes, semantic colours) comes from the server.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function serverOptions() {
  const config = vscode.workspace.getConfiguration("munchkin");
  const command = config.get("server.path", "munchkin");
  const args = config.get("server.args", ["lsp"]);
  return { command, args, options: { env: process.env } };
}

async function start(context) {
  const config = vscode.workspace.getConfiguration("munchkin");
  client = new LanguageClient("munchkin", "Munchkin DSL", serverOptions(), {
    documentSelector: [
      { scheme: "file", language: "munchkin" },
      { scheme: "file", language: "munchkin-scenario" },
    ],
    initializationOptions: { debounce_ms: config.get("server.debounceMs", 200) },
  });
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `Munchkin DSL: could not start "${serverOptions().command} lsp" (${err}). ` +
      "Install the toolchain with `pip install 'munchkin-dsl[lsp]'` and set " +
      "munchkin.server.path to its munchkin command.");
  }
  context.subscriptions.push(client);
}

function activate(context) {
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (event.affectsConfiguration("munchkin.server") && client) {
      await client.stop();
      await start(context);
    }
  }));
  return start(context);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
