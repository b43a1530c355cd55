-- A scripted Neovim session against `munchkin lsp`, run headless by tests/test_lsp_neovim.py:
--   nvim --headless --clean -l session.lua PACK ENCODING PYTHON OUT
-- It opens monsters.munch, types a mistake after a Russian name and a Polish one, and
-- records what Neovim shows: diagnostics (columns as Neovim places them, in bytes),
-- completion, hover, rename, formatting and a code action, as JSON in OUT.
local pack, encoding, python, out = arg[1], arg[2], arg[3], arg[4]
local result = { encoding = encoding }
local function wait(ms, fn) return vim.wait(ms, fn, 20) end

local caps = vim.lsp.protocol.make_client_capabilities()
caps.general = caps.general or {}
caps.general.positionEncodings = { encoding }
-- push diagnostics (the server pulls when the client asks; push keeps this script short)
caps.textDocument.diagnostic = nil

vim.cmd.edit(pack .. "/monsters.munch")
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start({
  name = "munchkin", cmd = { python, "-m", "munchkin_dsl", "lsp" },
  root_dir = pack, capabilities = caps,
})
local client = vim.lsp.get_client_by_id(id)
assert(wait(60000, function() return client.initialized end), "server did not start")
result.offset_encoding = client.offset_encoding

local function find(needle)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(needle, 1, true) then return i - 1, line end
  end
end
-- a mistake after a Russian name, and after a Polish text line (both typed, not saved)
local ru_row, ru_line = find('name ru "Сетевой Тролль"')
vim.api.nvim_buf_set_lines(buf, ru_row, ru_row + 1, false, { ru_line .. "; levle 3" })
vim.api.nvim_buf_set_lines(buf, ru_row + 1, ru_row + 1, false,
  { '  text pl "Żółw źdźbło"; treasurs 1' })
local function diagnostics()
  return vim.diagnostic.get(buf)
end
wait(60000, function() return #diagnostics() >= 2 end)
result.diagnostics = {}
for _, d in ipairs(diagnostics()) do
  local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
  table.insert(result.diagnostics, { code = d.code, lnum = d.lnum, col = d.col,
    end_col = d.end_col, text = line:sub(d.col + 1, d.end_col) })
end

-- quick fix for the Russian line's E002 (did you mean 'level'?)
local fix_diag
for _, d in ipairs(diagnostics()) do
  if d.lnum == ru_row then fix_diag = d end
end
local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
params.range = { start = { line = ru_row, character = 0 },
                 ["end"] = { line = ru_row, character = 0 } }
params.context = { diagnostics = { fix_diag.user_data.lsp } }
local actions = client:request_sync("textDocument/codeAction", params, 20000, buf).result
result.actions = {}
for _, a in ipairs(actions or {}) do table.insert(result.actions, a.title) end
if actions and actions[1] then
  vim.lsp.util.apply_workspace_edit(actions[1].edit, client.offset_encoding)
end
result.fixed_line = vim.api.nvim_buf_get_lines(buf, ru_row, ru_row + 1, false)[1]

-- completion inside a card, at the start of a statement
local stat_row = find("+4 against Elf")
local completion = client:request_sync("textDocument/completion", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = stat_row, character = 2 } }, 20000, buf).result
result.completion = {}
for _, item in ipairs(completion.items or completion) do
  table.insert(result.completion, item.label)
end

-- hover on the card id after the Russian line (a column after Cyrillic text)
local id_row, id_line = find("monster drooling-slime")
local answer = client:request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = id_row, character = id_line:find("drooling", 1, true) + 1 } },
  20000, buf)
result.hover = answer.result and answer.result.contents.value or vim.inspect(answer.err)

-- rename a card id: the edits Neovim applies, to this buffer and the scenario files
local troll_row, troll_line = find("monster net-troll")
local rename = client:request_sync("textDocument/rename", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = troll_row, character = troll_line:find("net", 1, true) },
  newName = "web-troll" }, 20000, buf).result
result.renamed_files = {}
for uri, edits in pairs(rename.changes or {}) do
  result.renamed_files[vim.fs.basename(vim.uri_to_fname(uri))] = #edits
end
vim.lsp.util.apply_workspace_edit(rename, client.offset_encoding)
result.renamed_line = vim.api.nvim_buf_get_lines(buf, troll_row, troll_row + 1, false)[1]

-- formatting: a messy card becomes `munchkin fmt` output (once the file parses again)
vim.api.nvim_buf_set_lines(buf, ru_row + 1, ru_row + 2, false, {})
vim.api.nvim_buf_set_lines(buf, -1, -1, false,
  { 'monster m "M" { treasures 1;level 2', '    bad stuff :lose 1 level }' })
vim.lsp.buf.format({ bufnr = buf, async = false, timeout_ms = 20000 })
local all = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
result.formatted_tail = { unpack(all, #all - 5, #all) }

local f = assert(io.open(out, "w"))
f:write(vim.json.encode(result))
f:close()
client:stop()
vim.cmd("qa!")
