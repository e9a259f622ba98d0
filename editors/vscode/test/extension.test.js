// extension.js with VS Code and the client library stood in for: it starts
// `<chartwright.path> lsp` for chartwright documents, restarts it when the
// setting changes, and says so when the binary does not start.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const Module = require("node:module");

/** Loads extension.js against a fake `vscode` and language client. */
function load() {
  const world = { clients: [], errors: [], listeners: [], path: "chartwright", failStart: false };
  class LanguageClient {
    constructor(id, name, server, options) {
      Object.assign(this, { id, name, server, options, running: false });
      world.clients.push(this);
    }
    async start() {
      if (world.failStart) throw new Error("spawn ENOENT");
      this.running = true;
    }
    async stop() {
      this.running = false;
    }
  }
  const vscode = {
    workspace: {
      getConfiguration: (section) => ({
        get: (key) => (section === "chartwright" && key === "path" ? world.path : undefined),
      }),
      onDidChangeConfiguration: (listener) => {
        world.listeners.push(listener);
        return { dispose() {} };
      },
    },
    window: { showErrorMessage: (m) => world.errors.push(m) },
  };
  const original = Module._load;
  Module._load = function (request, ...rest) {
    if (request === "vscode") return vscode;
    if (request === "vscode-languageclient/node") return { LanguageClient };
    return original.call(this, request, ...rest);
  };
  try {
    delete require.cache[require.resolve("../extension.js")];
    world.extension = require("../extension.js");
  } finally {
    Module._load = original;
  }
  return world;
}

const change = (affected) => ({ affectsConfiguration: (s) => s === affected });

test("it starts `chartwright lsp` for chartwright documents", async () => {
  const world = load();
  await world.extension.activate({ subscriptions: [] });
  assert.equal(world.clients.length, 1);
  const [client] = world.clients;
  assert.deepEqual(client.server, { command: "chartwright", args: ["lsp"] });
  assert.deepEqual(
    client.options.documentSelector.map((s) => s.language),
    ["chartwright", "chartwright"],
  );
  assert.ok(client.running);
  await world.extension.deactivate();
  assert.ok(!client.running);
});

test("a new chartwright.path restarts the server with it; other settings do not", async () => {
  const world = load();
  await world.extension.activate({ subscriptions: [] });
  world.path = "/opt/chartwright/bin/chartwright";
  await world.listeners[0](change("editor.fontSize"));
  assert.equal(world.clients.length, 1);
  await world.listeners[0](change("chartwright.path"));
  assert.equal(world.clients.length, 2);
  assert.ok(!world.clients[0].running);
  assert.deepEqual(world.clients[1].server, { command: "/opt/chartwright/bin/chartwright", args: ["lsp"] });
  assert.ok(world.clients[1].running);
});

test("a binary that does not start is reported, naming the setting", async () => {
  const world = load();
  world.failStart = true;
  world.path = "/nowhere/chartwright";
  await world.extension.activate({ subscriptions: [] });
  assert.equal(world.errors.length, 1);
  assert.match(world.errors[0], /`\/nowhere\/chartwright lsp`.*spawn ENOENT.*chartwright\.path/);
});
