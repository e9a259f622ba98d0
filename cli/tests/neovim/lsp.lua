-- Neovim's built-in LSP client (0.7 or later) attached to `chartwright lsp`
-- on a copy of Ogre whose results grid has lost its row 6. Run by
-- cli/tests/neovim.rs as
--   nvim --headless -u NONE -i NONE -n -c 'luafile lsp.lua'
-- with CHARTWRIGHT_BIN (the binary), CHARTWRIGHT_RULES (the broken copy)
-- CHARTWRIGHT_REPORT (where each check's line is written) and
-- CHARTWRIGHT_LAID_OUT (the bundled Ogre, in the layout `chartwright fmt
-- --check rules/` holds it to). It exits 0 when every check holds, 1 at
-- the first that does not.

local report = assert(io.open(os.getenv("CHARTWRIGHT_REPORT"), "w"))
local function say(line)
  report:write(line, "\n")
  report:flush()
end
local function check(ok, what, got)
  if ok then
    say("ok: " .. what)
    return
  end
  say("FAILED: " .. what .. ": " .. vim.inspect(got))
  report:close()
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("CHARTWRIGHT_RULES")))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = "chartwright"
local client = vim.lsp.start_client({
  name = "chartwright",
  cmd = { os.getenv("CHARTWRIGHT_BIN"), "lsp" },
  root_dir = vim.fn.getcwd(),
})
check(client ~= nil, "the client starts", client)
vim.lsp.buf_attach_client(buf, client)

local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local function line_of(start)
  for i, l in ipairs(lines) do
    if l:sub(1, #start) == start then return i - 1 end
  end
  check(false, "a line starts with " .. start, nil)
end

-- The diagnostic: no row reads 6, on the results block (`results {`).
local arrived = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
check(arrived, "a diagnostic arrives", vim.diagnostic.get(buf))
local d = vim.diagnostic.get(buf)[1]
local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
check(code == "chartwright::compile::uncovered_totals", "its code", d)
check(d.lnum == line_of("  results {"), "its line", d)
check(d.message:find("no row reads 6", 1, true) ~= nil, "its message", d.message)

-- Put row 6 back, as typed: the client sends the change, the diagnostic
-- goes.
local row7 = line_of("    7:")
vim.api.nvim_buf_set_lines(buf, row7, row7 + 1, false, { "    6:              X    X    X    X    X" })
local cleared = vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
check(cleared, "the diagnostic goes once the row is back", vim.diagnostic.get(buf))

local uri = vim.uri_from_bufnr(buf)
local function ask(method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 30000)
  local answer = answers and answers[client]
  check(answer ~= nil and answer.error == nil, method .. " is answered", answers)
  return answer.result
end
local function at(line, character)
  return { textDocument = { uri = uri }, position = { line = line, character = character } }
end

-- Hover on `crt` of `table crt`: the odds at the sheet's picture, attack
-- and defense at the middle of their bounds (500 and 500, 1 to 1).
-- Worked from the grid: in column 1-1 a d6 gives NE on 1-2, D on 3-4 and
-- X on 5-6, each 2/6 = 1/3.
local table_crt = line_of("table crt")
local hover = ask("textDocument/hover", at(table_crt, 7))
local text = hover and hover.contents and hover.contents.value or ""
check(text:find("**table `crt`**", 1, true) ~= nil, "the hover names the chart", text)
check(text:find("attack=500 defense=500", 1, true) ~= nil, "the hover's situation", text)
for _, outcome in ipairs({ "NE", "D", "X" }) do
  check(text:find("| " .. outcome .. " | 1/3 |", 1, true) ~= nil, "the hover's odds of " .. outcome, text)
end

-- Definition of `crt` from the first `expect` line: the table's name.
local found = ask("textDocument/definition", at(line_of("expect crt"), 8))
local location = found and (found.uri and found or found[1])
check(location ~= nil and location.uri == uri, "the definition is in the file", found)
check(location.range.start.line == table_crt and location.range.start.character == 6, "the definition is `crt` of `table crt`", location)

-- The code lens over the chart: Ogre's 12 expectations hold.
local lenses = ask("textDocument/codeLens", { textDocument = { uri = uri } })
check(#lenses == 1 and lenses[1].range.start.line == table_crt, "one lens, over the chart", lenses)
check(lenses[1].command.title == "12 expectations hold", "the lens's title", lenses[1])

-- Formatting: two lines jumbled by hand come back as the bundled file
-- lays them out, through Neovim's own edit of the buffer. (A grid row is
-- left alone: its heading comment keeps its columns only while its words
-- stand over them.)
local below = line_of("  below columns")
vim.api.nvim_buf_set_lines(buf, below, below + 1, false, { '      below   columns =>"NE"' })
local results = line_of("  results {")
vim.api.nvim_buf_set_lines(buf, results, results + 1, false, { "results   {" })
local edits = ask("textDocument/formatting", {
  textDocument = { uri = uri },
  options = { tabSize = 8, insertSpaces = false },
})
check(type(edits) == "table" and #edits > 0, "formatting answers with edits", edits)
vim.lsp.util.apply_text_edits(edits, buf, "utf-16")
local laid_out = {}
for l in io.lines(os.getenv("CHARTWRIGHT_LAID_OUT")) do table.insert(laid_out, l) end
local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local differs = nil
for i = 1, math.max(#now, #laid_out) do
  if now[i] ~= laid_out[i] then differs = { line = i, got = now[i], expected = laid_out[i] } break end
end
check(differs == nil, "the formatted buffer is the bundled layout", differs)

say("all checks passed")
report:close()
vim.lsp.stop_client(client)
vim.cmd("qall!")
