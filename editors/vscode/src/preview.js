// The live card preview: a panel beside the editor showing the printed face of the card
// under the cursor (the server's `munchkin/preview` request renders it with the same
// renderer as `munchkin print`), updated as the cursor moves and as the author types.
"use strict";

const DELAY_MS = 150;

class PreviewPanel {
  constructor(vscode, getClient, onClose) {
    this.vscode = vscode;
    this.getClient = getClient;
    this.pinned = undefined;
    this.timer = undefined;
    this.panel = vscode.window.createWebviewPanel("munchkinPreview", "Card preview",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: false });
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorSelection(() => this.later()),
      vscode.workspace.onDidChangeTextDocument(() => this.later()),
      this.panel.onDidDispose(() => { this.dispose(); onClose(); }),
    ];
  }

  later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), DELAY_MS);
  }

  async show(uri, card) {
    this.pinned = card ? { uri, card } : undefined;
    this.panel.reveal(undefined, true);
    await this.update();
  }

  async update() {
    const client = this.getClient();
    const editor = this.vscode.window.activeTextEditor;
    if (!client) return;
    let params;
    if (editor && ["munchkin", "munchkin-scenario"].includes(editor.document.languageId)) {
      const pos = editor.selection.active;
      params = { uri: editor.document.uri.toString(),
        position: { line: pos.line, character: pos.character }, width: 360 };
    } else if (this.pinned) {
      params = { ...this.pinned, width: 360 };
    } else {
      return;
    }
    const face = await client.sendRequest("munchkin/preview", params);
    this.panel.webview.html = face ? page(`<img alt="${face.card}" width="${face.width}" ` +
      `src="data:${face.mime};base64,${face.data}">`, face.card)
      : page("<p>No card here, or the pack has errors to fix first.</p>", "Card preview");
    if (face) this.panel.title = `Card: ${face.card}`;
  }

  dispose() {
    clearTimeout(this.timer);
    this.subscriptions.forEach((s) => s.dispose());
    this.subscriptions = [];
  }
}

function page(body, title) {
  return "<!DOCTYPE html><html><head><meta charset=\"utf-8\">" +
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; " +
    "img-src data:; style-src 'unsafe-inline'\">" +
    `<title>${title}</title></head><body style="text-align:center">${body}</body></html>`;
}

module.exports = { PreviewPanel };
