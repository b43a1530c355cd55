// Which command starts the language server.  Order: munchkin.server.path (a `munchkin`
// executable) when set; munchkin.python.path when set; the Python extension's interpreter
// for the workspace when that extension is installed; `munchkin` on PATH.
"use strict";

const PYTHON_EXTENSION = "ms-python.python";
const MODULE_ARGS = ["-m", "munchkin_dsl", "lsp"];

/** The interpreter the Python extension uses for the first workspace folder, or undefined. */
async function pythonFromExtension(vscode) {
  const extension = vscode.extensions.getExtension(PYTHON_EXTENSION);
  if (!extension) return undefined;
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const environments = api && api.environments;
    if (!environments) return undefined;
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    const active = environments.getActiveEnvironmentPath(folder && folder.uri);
    const resolved = active && await environments.resolveEnvironment(active);
    const executable = resolved && resolved.executable && resolved.executable.uri;
    return executable ? executable.fsPath : undefined;
  } catch (err) {
    return undefined;  // an old Python extension without the environments API
  }
}

/** {command, args, options} for vscode-languageclient's ServerOptions. */
async function serverCommand(vscode, config) {
  const options = { env: process.env };
  const path = config.get("server.path", "");
  const extra = config.get("server.args", []);
  if (path) return { command: path, args: extra.length ? extra : ["lsp"], options };
  const python = config.get("python.path", "") || await pythonFromExtension(vscode);
  if (python) return { command: python, args: MODULE_ARGS, options };
  return { command: "munchkin", args: extra.length ? extra : ["lsp"], options };
}

module.exports = { serverCommand, pythonFromExtension, MODULE_ARGS };
