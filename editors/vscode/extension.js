// The VS Code client: starts `chartwright lsp` (the binary named by the
// `chartwright.path` setting) for every chartwright document, and restarts it
// when that setting changes.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function serverOptions() {
  const command = vscode.workspace.getConfiguration("chartwright").get("path") || "chartwright";
  return { command, args: ["lsp"] };
}

/** Starts the server, saying so when the binary cannot be started. */
async function start() {
  client = new LanguageClient("chartwright", "chartwright", serverOptions(), {
    documentSelector: [
      { scheme: "file", language: "chartwright" },
      { scheme: "untitled", language: "chartwright" },
    ],
  });
  try {
    await client.start();
  } catch (e) {
    const path = serverOptions().command;
    vscode.window.showErrorMessage(
      `chartwright: could not start \`${path} lsp\` (${e.message}); set chartwright.path to the binary`,
    );
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration("chartwright.path")) return;
      if (client) await client.stop().catch(() => {});
      await start();
    }),
  );
  await start();
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
