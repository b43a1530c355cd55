// The VS Code client for .munch pack files and .scn scenario files: starts `munchkin lsp`
// and adds what only an editor can show (the card preview panel, commands).  Everything
// else (diagnostics, completion, hover, rename, formatting, quick fixes, lenses, inlay
// hints, semantic colours) comes from the server.
//
// Which server: the setting munchkin.server.path when given; else the Python interpreter
// (munchkin.python.path, or the Python extension's interpreter for the workspace when
// that extension is installed) runs `python -m munchkin_dsl lsp`; else `munchkin` on PATH.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const { serverCommand } = require("./interpreter");
const { PreviewPanel } = require("./preview");

/** Commands the server runs (its code lenses name them); the client wraps the preview. */
const SERVER_RUN_SCENARIOS = "munchkin.server.runScenarios";
const SERVER_PREVIEW = "munchkin.server.previewCard";

let client;
let preview;
let output;

async function start(context) {
  const config = vscode.workspace.getConfiguration("munchkin");
  const server = await serverCommand(vscode, config);
  output = output || vscode.window.createOutputChannel("Munchkin DSL");
  const initializationOptions = {};
  const debounce = config.get("server.debounceMs", 0);
  if (debounce) initializationOptions.debounce_ms = debounce;
  client = new LanguageClient("munchkin", "Munchkin DSL", server, {
    documentSelector: [
      { scheme: "file", language: "munchkin" },
      { scheme: "file", language: "munchkin-scenario" },
    ],
    initializationOptions,
    outputChannel: output,
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{munch,scn}"),
    },
    middleware: {
      // a code lens "preview" opens the panel instead of asking the server for a PNG
      executeCommand: (command, args, next) => {
        if (command === SERVER_PREVIEW) return showPreview(context, args[0], args[1]);
        return next(command, args);
      },
    },
  });
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `Munchkin DSL: could not start "${server.command} ${server.args.join(" ")}" (${err}). ` +
      "Install the toolchain with `pip install 'munchkin-dsl[lsp]'` in the Python " +
      "environment VS Code uses, or set munchkin.server.path to its munchkin command.");
  }
  context.subscriptions.push(client);
}

async function restart(context) {
  if (client) await client.stop();
  await start(context);
}

function cardUnderCursor() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !["munchkin", "munchkin-scenario"].includes(editor.document.languageId)) {
    vscode.window.showInformationMessage("Munchkin DSL: put the cursor on a card first.");
    return undefined;
  }
  return { uri: editor.document.uri.toString(),
    position: { line: editor.selection.active.line,
      character: editor.selection.active.character } };
}

function showPreview(context, uri, card) {
  if (!preview) {
    preview = new PreviewPanel(vscode, () => client, () => { preview = undefined; });
    context.subscriptions.push(preview);
  }
  return preview.show(uri, card);
}

function activate(context) {
  const register = (name, fn) =>
    context.subscriptions.push(vscode.commands.registerCommand(name, fn));
  register("munchkin.restartServer", () => restart(context));
  register("munchkin.showOutput", () => output && output.show(true));
  register("munchkin.previewCard", () => {
    const at = cardUnderCursor();
    return at && showPreview(context, at.uri, undefined);
  });
  register("munchkin.runScenarios", async () => {
    const at = cardUnderCursor();
    if (!at || !client) return undefined;
    const found = await client.sendRequest("munchkin/preview", { ...at, width: 64 });
    if (!found) {
      vscode.window.showInformationMessage("Munchkin DSL: no card under the cursor.");
      return undefined;
    }
    return client.sendRequest("workspace/executeCommand",
      { command: SERVER_RUN_SCENARIOS, arguments: [at.uri, found.card] });
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if ((event.affectsConfiguration("munchkin.server") ||
         event.affectsConfiguration("munchkin.python")) && client) {
      await restart(context);
    }
  }));
  return start(context);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
