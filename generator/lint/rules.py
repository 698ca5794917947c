"""The lint rule table: one source for codes, severities and their documentation page (docs/rules/)."""
from __future__ import annotations

from dataclasses import dataclass

from generator.l10n.i18n import LANGS


@dataclass(frozen=True)
class Rule:
    code: str  # E… errors stop the build unless acknowledged; W… warnings are reported and shown on the page
    name: str
    summary: str
    summary_zh: str
    zh: str = ""  # "on": checks zh text too; "off": does not fit Chinese text; "only": zh fields only; "": not about text
    why: str = ""  # the reason behind a severity choice that is not obvious
    why_zh: str = ""  # the same in Chinese (the zh rules page shows it; a test checks every `why` has one)

    @property
    def severity(self) -> str:
        return "error" if self.code.startswith("E") else "warning"


_R = Rule
RULES: dict[str, Rule] = {r.code: r for r in [
    # files, ids and paths
    _R("E000", "internal-error", "The generator itself failed on this file: a bug, whatever the file holds. The file "
       "is not published; the other files are still checked. Please report it with the file.",
       "生成器在处理此文件时自身出错：无论文件内容如何，这都是生成器的缺陷。该文件不会发布，其他文件照常检查。请附上该文件报告问题。"),
    _R("E001", "id-does-not-match-path", "`id` is not the file's path: `entries/<domain>/<slug>.json` holds `<domain>/<slug>`.",
       "`id` 与文件路径不一致：`entries/<domain>/<slug>.json` 的 id 必须是 `<domain>/<slug>`。"),
    _R("E002", "duplicate-id", "Two files claim the same id (usually a copied entry that was not renamed).",
       "两个文件声明了同一个 id（通常是复制后忘了改名的条目）。"),
    _R("E003", "id-case-collision", "A file or folder name with capital letters: ids are lowercase, and names that differ "
       "only by case collide on macOS and Windows checkouts.",
       "文件或文件夹名含大写字母：id 一律小写，仅大小写不同的名字在 macOS 和 Windows 上会冲突。"),
    _R("E004", "unsafe-or-reserved-path", "A folder or file name that is not lowercase letters, digits and single hyphens, "
       "or that is reserved for the site's own pages (`index`, `zh`, `api`, `assets`, `match`, `browse`, `rules`, …).",
       "文件夹或文件名不是“小写字母、数字、单个连字符”，或者占用了站点保留的名字（`index`、`zh`、`api`、`assets`、`match`、`browse`、`rules` 等）。"),
    _R("E005", "domain-does-not-match-id", "`domain` differs from the first part of the id (the folder).",
       "`domain` 与 id 的第一部分（所在文件夹）不一致。"),
    _R("E006", "placeholder-not-filled", "A value still holds a `FILL IN` placeholder from `python -m generator new`.",
       "仍有 `python -m generator new` 生成的 `FILL IN` 占位内容未填写。", zh="on"),
    _R("E007", "not-a-regular-file", "A symbolic link, pipe, socket or device in `entries/` (or folders nested too "
       "deep): entry and article files must be regular files inside `entries/`. The link is never followed.",
       "`entries/` 中的符号链接、管道、套接字或设备文件（或嵌套过深的文件夹）：条目和文章必须是 `entries/` 内的普通文件。"
       "符号链接不会被跟随。"),
    _R("E008", "unknown-domain-folder", "An entry in a folder that is not one of the schema's domains "
       "(`entries/<domain>/`): the site has no section for it.",
       "条目所在的文件夹不是 schema 中列出的领域（`entries/<domain>/`）：站点没有对应的栏目。"),
    _R("E010", "unreadable-file", "A file that cannot be read as text: too large, not UTF-8, or containing NUL.",
       "无法作为文本读取的文件：过大、不是 UTF-8，或含有 NUL 字符。"),
    _R("E011", "invalid-json", "Not valid JSON (the message says what is wrong and where), or nested deeper than any "
       "field needs.",
       "不是有效的 JSON（消息会说明错误及位置），或嵌套层数超过任何字段的需要。"),
    _R("E012", "duplicate-key", "The same key twice in one JSON object (the second would silently win).",
       "同一个 JSON 对象中出现了重复的键（后一个会悄悄覆盖前一个）。"),
    _R("E013", "not-unicode-text", "A lone surrogate (`\\ud800`–`\\udfff` escape): not Unicode text, cannot be "
       "written out.",
       "单独的代理码位（`\\ud800`–`\\udfff` 转义）：不是 Unicode 文本，无法输出。"),
    _R("E014", "non-finite-number", "`NaN`, `Infinity` or a number too large for any field.",
       "`NaN`、`Infinity` 或任何字段都无法容纳的超大数字。"),
    _R("E015", "schema-violation", "A field breaks the JSON Schema (`generator/load/schema/`): missing, unknown, wrong "
       "type, out of range, too long, or not of the required form. The message gives the reason, then the value.",
       "字段不符合 JSON Schema（`generator/load/schema/`）：缺失、未知、类型错误、超出范围、过长或格式不对。消息先给出原因，再给出取值。"),
    _R("E016", "invalid-front-matter", "An article's front matter is missing, is not valid YAML, is not a mapping, "
       "or has a key that is not text.",
       "文章的 front matter 缺失、不是有效的 YAML、不是映射，或有非文本的键。"),
    _R("E017", "front-matter-yaml-not-allowed", "Front matter uses YAML that is not allowed: anchors and aliases "
       "(they can expand exponentially), tags, or more size or nesting than front matter needs.",
       "front matter 使用了不允许的 YAML：锚点和别名（可能指数级展开）、标签，或超出需要的大小或嵌套层数。"),
    _R("E020", "id-not-registered", "An entry whose id is not in `config/ids.txt`, the registry of every id the site has "
       "published (`python -m generator new` adds it; or add the line by hand).",
       "条目的 id 不在 `config/ids.txt` 中。该文件登记站点发布过的每个 id（`python -m generator new` 会自动添加，也可手动加一行）。"),
    _R("E021", "published-id-disappeared", "An id in `config/ids.txt` that no entry has any more: a page people may "
       "have linked to would vanish. Restore the entry, or add `old-id -> new-id` so the old URL points to its "
       "replacement (in both languages).",
       "`config/ids.txt` 中登记的 id 已没有对应条目：别人可能链接过的页面会消失。请恢复该条目，或写成 `旧 id -> 新 id`，"
       "让旧地址（中英文）指向替代它的页面。"),
    _R("E022", "bad-redirect", "A redirect in `config/ids.txt` whose target has no entry, redirects again, or whose "
       "source still has an entry.",
       "`config/ids.txt` 中的重定向有误：目标没有对应条目、目标本身又被重定向，或源 id 仍有条目。"),
    _R("E023", "bad-id-registry", "`config/ids.txt` cannot be read, or a line is not `<domain>/<slug>` or "
       "`<old id> -> <new id>`, or lists an id twice.",
       "`config/ids.txt` 无法读取，或某行既不是 `<domain>/<slug>` 也不是 `<旧 id> -> <新 id>`，或同一 id 出现两次。"),
    _R("W001", "stray-file", "A file in `entries/` that is neither an entry, an article, nor a reproduction file.",
       "`entries/` 中既不是条目、文章，也不是复现文件的文件。"),
    _R("W002", "acknowledgement-unused", "`acknowledged` names a rule that does not fire for this entry, or one that "
       "cannot be acknowledged (warnings, the E0xx file and structure errors, E902).",
       "`acknowledged` 中列出的规则并未对本条目触发，或该规则不能被确认（警告、E0xx 文件与结构错误、E902）。"),
    _R("W003", "translation-without-original", "`entries/articles/<id>.zh.md` without `<id>.md`: the translation "
       "is not published.",
       "有 `entries/articles/<id>.zh.md` 却没有 `<id>.md`：译文不会发布。"),
    # text
    _R("E101", "empty-action", "A dead end or workaround with an empty `action`: the reader cannot tell what was tried.",
       "`dead_ends` 或 `workarounds` 中的 `action` 为空：读者无法知道尝试的是什么。", zh="off",
       why="Off for zh: an empty zh `action` falls back to the English one.",
       why_zh="中文不检查：中文的 `action` 为空时，页面会改用英文原文。"),
    _R("W102", "how-repeats-action", "A workaround's `how` repeats its `action` word for word (the page shows it once).",
       "解决办法的 `how` 与 `action` 完全相同（页面只显示一次）。", zh="off",
       why="A warning: the page already drops the repetition, so readers lose nothing.",
       why_zh="定为警告：页面已经去掉了重复的内容，读者不会因此少看到什么。"),
    _R("E103", "unbalanced-backticks", "An odd number of backticks: a code span is not closed.",
       "反引号个数为奇数：有代码片段没有闭合。", zh="on"),
    _R("W104", "raw-html", "Text that looks like an HTML tag outside backticks; it is shown as text, never rendered.",
       "反引号之外出现了类似 HTML 标签的文本；它只会作为文字显示，不会被渲染。",
       why="A warning: real messages contain angle brackets (`<lambda>`, `std::vector<float>`); the renderer escapes "
           "them either way, so the advice is only to put code in backticks.", zh="on",
       why_zh="定为警告：真实的错误信息本身就含有尖括号（`<lambda>`、`std::vector<float>`）；渲染时无论如何都会转义，"
              "所以这里只是建议把代码放进反引号。"),
    _R("E105", "mojibake", "Broken characters such as `â€™` (UTF-8 read as Windows-1252), found with ftfy.",
       "乱码，例如 `â€™`（UTF-8 被当作 Windows-1252 读取），由 ftfy 检出。", zh="on"),
    _R("E107", "invisible-or-bidi-character", "A bidirectional control (U+202A–U+202E, U+2066–U+2069) anywhere, or "
       "an invisible character (zero-width space, word joiner, BOM, soft hyphen, a zero-width joiner that joins "
       "nothing) in a signature, sample, alias, error code or regex: text that reads differently from what it is.",
       "任何位置的双向文本控制符（U+202A–U+202E、U+2066–U+2069），或 signature、样例、别名、错误码、正则表达式中的"
       "不可见字符（零宽空格、词连接符、BOM、软连字符、未连接任何字符的零宽连接符）：看到的文字与实际内容不一致。", zh="on",
       why="A zero-width joiner or non-joiner between two letters, marks or symbols of a script that uses them "
           "(emoji sequences, Indic and Arabic scripts, CJK text) is legitimate and allowed; next to ASCII, a space or "
           "the edge of the text it only hides a different string.",
       why_zh="零宽连接符或零宽非连接符出现在确实使用它们的文字里、夹在两个字母、附加符号或符号之间时（emoji 序列、"
              "印度系文字和阿拉伯文字、中日韩文本），是正当用法，允许使用；紧挨着 ASCII 字符、空格或位于文本首尾时，"
              "它只会把一个不同的字符串伪装起来。"),
    _R("W106", "mojibake-repaired", "An article had mojibake; it was repaired on load and its page says so. Fix the file.",
       "文章中有乱码，加载时已自动修复并在页面上注明。请修正源文件。", zh="on"),
    _R("W108", "long-title", "The page's title is over 80 columns wide (a Chinese character counts two): the "
       "heading fills a phone's screen before the answer. Give the entry a short `title` / `title_zh` saying what "
       "happened; the message is still shown under it as printed.",
       "页面标题宽度超过 80 列（一个汉字算两列）：在手机上，答案之前整屏都是标题。"
       "请给条目写一个简短的 `title` / `title_zh`，说明发生了什么；原始消息仍按原样显示在标题下方。", zh="on",
       why="A warning: a long message still makes a correct page, only a slower one to read.",
       why_zh="定为警告：消息很长的页面依然正确，只是读起来慢一些。"),
    # regex (the gate itself lives in generator/match/engine.py)
    _R("E201", "regex-differs-between-runtimes", "The regex does not compile, or means something different, in Python "
       "and in JavaScript (`u` flag).",
       "正则表达式无法编译，或在 Python 与 JavaScript（`u` 标志）中含义不同。", zh="off"),
    _R("E202", "regex-not-redos-safe", "The regex can take exponential time (nested or overlapping quantifiers).",
       "正则表达式可能出现指数级回溯（嵌套或重叠的量词）。", zh="off"),
    _R("E203", "regex-misses-own-sample", "The regex does not match the entry's own signature or one of its `samples`.",
       "正则表达式匹配不到本条目的 signature 或 `samples` 中的样例。", zh="off"),
    _R("E204", "regex-matches-near-miss", "The regex matches one of the entry's `near_misses`.",
       "正则表达式匹配到了本条目 `near_misses` 中的文本。", zh="off"),
    _R("E205", "regex-steals-signature", "The regex matches another entry's signature that `overlaps` does not list.",
       "正则表达式匹配到了其他条目的 signature，且该条目未列在 `overlaps` 中。", zh="off"),
    # CUDA facts
    _R("W300", "reference-missing", "The CUDA reference table is missing, so CUDA facts were not checked.",
       "缺少 CUDA 参考表，未检查 CUDA 事实。"),
    _R("E301", "unknown-cuda-code", "An `error_code` or enum name the CUDA libraries never print, or the wrong number.",
       "`error_code` 或枚举名不是 CUDA 库会输出的，或数字不对。", zh="off"),
    _R("E302", "cuda-message-disagrees", "The library's real message for `error_code` is not in the signature or not "
       "matched by the regex.",
       "`error_code` 对应的真实消息不在 signature 中，或正则表达式匹配不到它。", zh="off"),
    _R("E303", "sticky-disagrees-with-nvidia", "`sticky` is not \"yes\" for a code that NVIDIA documents as sticky "
       "(its description says the process \"must be terminated and relaunched\"; "
       "`generator/reference/cuda-error-docs-13.0.jsonl`).",
       "对于 NVIDIA 文档注明为粘滞的错误码（其说明写明进程“must be terminated and relaunched”，见 "
       "`generator/reference/cuda-error-docs-13.0.jsonl`），`sticky` 却不是 \"yes\"。"),
    # transition graph
    _R("E401", "graph-unknown-reference", "`transition_graph`, `overlaps`, `replaced_by`, `belongs_to` or an "
       "article's `entries` names an id that does not exist.",
       "`transition_graph`、`overlaps`、`replaced_by`、`belongs_to` 或文章的 `entries` 引用了不存在的 id。"),
    _R("E402", "graph-self-edge", "An entry lists itself in its own `transition_graph`.",
       "条目在自己的 `transition_graph` 中引用了自己。"),
    _R("E403", "graph-contradictory-edges", "A leads to B and B leads to A, declared by either side "
       "(`leads_to` / `preceded_by`).",
       "A 导致 B，同时 B 又导致 A（无论由哪一方的 `leads_to` / `preceded_by` 声明）。"),
    # dates
    _R("E501", "date-in-future", "A date later than today (UTC, one day of grace for time zones).",
       "日期晚于今天（UTC，为时区留出一天余量）。"),
    _R("W502", "first-seen-after-last-confirmed", "`first_seen` is later than `last_confirmed`.",
       "`first_seen` 晚于 `last_confirmed`。",
       why="A warning, not an error: both dates describe the outside world and come from sources the contributor "
           "may not be able to re-check; the contradiction says one of them is wrong but not which, and forcing a "
           "fix invites made-up dates. Both dates stay on the page, with this warning beside them.",
       why_zh="定为警告而非错误：这两个日期描述的是外部世界，来源可能是贡献者无法再次核实的资料；二者矛盾只说明其中一个有误，"
              "却说不出是哪一个，强制修正反而会诱使人编造日期。两个日期都留在页面上，旁边附上这条警告。"),
    _R("E503", "last-updated-too-early", "`last_confirmed` is later than `last_updated`.",
       "`last_confirmed` 晚于 `last_updated`。",
       why="An error: `last_updated` describes the file itself; whoever confirms the error updates the file, so "
           "setting `last_updated` to today always fixes it.",
       why_zh="定为错误：`last_updated` 描述的是文件本身；确认该错误的人必然会修改这个文件，所以把 `last_updated` "
              "设为当天总能解决。"),
    _R("W504", "confirmed-after-reproduction", "`last_confirmed` is later than the date of the stored `reproduction`, "
       "the run that shows the error.",
       "`last_confirmed` 晚于保存的 `reproduction` 的日期，而后者才是证明该错误存在的运行。",
       why="A warning: a later confirmation may be real but unstored; the page keeps the date, and the warning beside "
           "it says that no stored run shows it.",
       why_zh="定为警告：更晚的确认可能确有其事，只是没有保存下来；页面保留这个日期，旁边的警告说明没有任何保存的运行能证明它。"),
    # translation
    _R("W601", "zh-untranslated", "A zh field is missing, empty or has no Chinese characters; the page falls back to "
       "English under a notice and the translation report counts it.",
       "中文字段缺失、为空或不含中文字符；页面会在提示下显示英文原文，并计入翻译状态报告。", zh="only"),
    _R("E602", "zh-list-length", "`dead_ends_zh` / `workarounds_zh` has a different number of items than the English "
       "list, so translations no longer line up with their originals.",
       "`dead_ends_zh` / `workarounds_zh` 的条数与英文列表不同，译文与原文无法一一对应。", zh="only"),
    _R("W603", "zh-stale", "The English text changed after the translation was made (its hash differs from "
       "`translated_from`); run `python -m generator stamp` after updating the translation.",
       "英文原文在翻译之后被修改（哈希与 `translated_from` 不同）；更新译文后运行 `python -m generator stamp`。",
       zh="only"),
    # numbers
    _R("E701", "resolvable-contradicts-evidence", "`resolvable` contradicts the workarounds' `evidence`: `false` while "
       "a workaround fixed the error in most of its linked reports, or `true` while every workaround failed in most "
       "of its linked reports.",
       "`resolvable` 与解决办法的 `evidence` 矛盾：为 `false`，却有解决办法在大多数已链接的报告中解决了问题；或为 `true`，"
       "却每个解决办法都在大多数已链接的报告中失败。"),
    _R("W702", "tier-claim-unsupported", "`verification_tier` claims more than the checks support; the page shows the "
       "computed tier (`message_verified` is earned by passing the CUDA fact check, `reproduced` needs `reproduction`).",
       "`verification_tier` 声称的级别高于检查结果；页面显示计算出的级别（`message_verified` 只有通过 CUDA 事实检查"
       "才能获得，`reproduced` 需要 `reproduction`）。"),
    _R("E703", "rate-without-evidence", "A rate typed by hand (`confidence`, `fix_success_rate`, a workaround's "
       "`success_rate`, a dead end's `fail_rate`): nothing was counted for it, so it is not shown. Link the reports "
       "in the item's `evidence`; the page derives the count from them.",
       "手工填写的比率（`confidence`、`fix_success_rate`、解决办法的 `success_rate`、无效尝试的 `fail_rate`）："
       "它没有任何统计依据，因此不会显示。请在该项的 `evidence` 中链接相应报告，页面会据此算出数量。",
       why="An error: a typed percentage looks measured to a reader while nothing was counted; it stays readable for "
           "old entries (the schema accepts it) but is neither shown nor published.",
       why_zh="定为错误：手工填写的百分比在读者看来像是测出来的，实际上什么也没有统计；旧条目里的这类字段仍然可以读取"
              "（schema 接受它），但既不显示也不发布。"),
    _R("E704", "evidence-counted-twice", "The same report is linked both in `evidence.worked` and in "
       "`evidence.failed`: one report gives one verdict.",
       "同一份报告同时出现在 `evidence.worked` 和 `evidence.failed` 中：一份报告只能给出一个结论。"),
    _R("E705", "test-claim-without-reproduction", "The prose says something was reproduced or tested (\"reproduced on "
       "an H200\", \"in our tests\", \"复现\", \"我们测试\") but no run is stored beside the entry (`reproduction` "
       "and its script and output in `<slug>.repro/`). Store the run, or cite the report or document that shows it.",
       "正文声称已复现或经过测试（“reproduced on an H200”“in our tests”“复现”“我们测试”），但条目旁没有保存任何运行"
       "（`reproduction` 及 `<slug>.repro/` 中的脚本和输出）。请保存这次运行，或改为引用能证明它的报告或文档。",
       zh="on"),
    _R("W706", "dead-end-copied", "The same dead end (its `action`, compared without case, punctuation and filler "
       "words) appears in five or more entries: usually filler rather than what people really try for this error.",
       "同一个无效尝试（其 `action`，忽略大小写、标点和虚词后比较）出现在五个或更多条目中：这通常是凑数的内容，"
       "而不是人们针对这个错误真正会尝试的做法。",
       why="A warning: some dead ends are genuinely common (reinstalling the driver is tried for many errors); the "
           "warning asks the author to say why it fails for this error, or to drop it.",
       why_zh="定为警告：有些无效尝试确实很常见（很多错误都会有人去重装驱动）；这条警告请作者说明它为什么对这个错误无效，"
              "或者把它删掉。"),
    _R("W707", "sticky-not-stated", "A CUDA error page (`domain` cuda with an `error_code`, or an `error_code` that "
       "is a CUDA runtime or driver code) without `sticky`: the "
       "reader cannot tell whether the process can go on after the error (\"no\"), must be restarted because the "
       "context is corrupted (\"yes\"), never got CUDA started (\"init\"), or it depends (\"depends\").",
       "CUDA 错误页面（`domain` 为 cuda 且有 `error_code`，或 `error_code` 是 CUDA 运行时/驱动错误码）没有 `sticky`：读者无法判断出错后进程能否继续"
       "（\"no\"）、是否因上下文损坏而必须重启（\"yes\"）、CUDA 是否根本没有启动成功（\"init\"），还是视情况而定（\"depends\"）。",
       why="A warning, not an error: whether a code is sticky is documented by NVIDIA only for the sticky ones "
           "(E303 checks those); for the others it takes a source or a stored run, which a new entry may not have "
           "yet.",
       why_zh="定为警告而非错误：NVIDIA 只对粘滞的错误码写明了它们是粘滞错误（E303 检查这些）；其余错误码是否粘滞，"
              "需要有来源或保存的运行才能确定，而新条目未必已经具备。"),
    # tested on a GPU (generator/lint/tested.py)
    _R("E801", "tested-file-missing", "A workaround's or dead end's `tested` names a program, output or run record that "
       "is not a file in the entry's reproduction folder (`entries/<domain>/<slug>.repro/`).",
       "解决办法或无效尝试的 `tested` 所列的程序、输出或运行记录不是该条目复现文件夹（`entries/<domain>/<slug>.repro/`）中的文件。"),
    _R("E802", "tested-run-contradicts", "The run record of a `tested` item has no `exit status: N` line, or contradicts "
       "the claim: a workaround's run must exit 0 (the error gone), a dead end's must not (the error persists).",
       "`tested` 的运行记录没有 `exit status: N` 一行，或与所声称的相反：解决办法的运行必须以 0 退出（错误消失），"
       "无效尝试的运行则不能以 0 退出（错误依旧）。",
       why="An error: the page shows \"Tested on GPU\" (or \"Shown failing on GPU\") beside the item, and a stored "
           "run that says otherwise would make that line false.",
       why_zh="定为错误：页面会在该项旁边显示“已在 GPU 上验证”（或“已在 GPU 上验证无效”），如果保存的运行结果与之相反，"
              "这一行就是假话。"),
    _R("E803", "reproduction-run-missing", "The entry's `reproduction` names a program, output or run record "
       "(`run`) that is not a file in its reproduction folder, or the run record does not say how the run ended and "
       "on which GPU (`exit status: N`, `gpu: NAME, DRIVER`).",
       "条目的 `reproduction` 所列的程序、输出或运行记录（`run`）不是其复现文件夹中的文件，或者运行记录没有写明运行如何结束、"
       "在哪块 GPU 上运行（`exit status: N`、`gpu: NAME, DRIVER`）。",
       why="An error: the page says \"Reproduced on …\" and the tier badge says \"Reproduced on hardware\"; without "
           "a stored run record that names the GPU and the exit status, the environment rests on memory or a commit "
           "message (issue #10 found 33 such folders).",
       why_zh="定为错误：页面上写着“复现环境：……”，级别徽章写着“已在硬件上复现”；如果没有保存写明 GPU 和退出状态的运行记录，"
              "所写的环境就只能依靠记忆或提交说明（issue #10 发现了 33 个这样的目录）。"),
    _R("E804", "reproduction-environment-unrecorded", "The reproduction's `environment` (or `environment_zh`) does not "
       "name the GPU model and driver version that its run record names.",
       "复现的 `environment`（或 `environment_zh`）没有写出其运行记录中的 GPU 型号和驱动版本。",
       why="An error: the environment is shown on the page as where the error was reproduced, so it must say what "
           "the record says (a run on an H100 described as an H200 run is a false claim).",
       why_zh="定为错误：页面把 environment 显示为复现该错误的环境，因此它必须与运行记录一致（把 H100 上的运行写成 H200 "
              "上的运行就是错误的说法）。"),
    # environment
    _R("W901", "mermaid-missing", "Mermaid is not installed (`make setup`): diagrams will not render.",
       "未安装 Mermaid（运行 `make setup`）：关系图无法显示。"),
    _R("E902", "regex-check-incomplete", "The JavaScript half of the regex gate did not run to the end: Node.js is "
       "missing or failed, or the check ran out of its time budget, so some regexes were not checked in JavaScript.",
       "正则检查的 JavaScript 部分没有完成：缺少 Node.js、运行失败，或检查用完了时间预算，部分正则表达式未在 JavaScript 中检查。",
       why="An error: an unchecked regex could differ between the site and Python, or hang visitors' browsers. "
           "Verdicts already reached are remembered, so running validate again continues where it stopped.",
       why_zh="定为错误：未经检查的正则表达式在站点和 Python 中的含义可能不同，还可能让访问者的浏览器卡死。"
              "已经得出的结论会被记住，所以再次运行 validate 会从中断处继续。"),
    _R("W903", "recheck-missing", "recheck (npm) is not installed (`make setup`): the ReDoS check is limited to RE2 "
       "syntax and the nested-quantifier rules.",
       "未安装 recheck（npm，运行 `make setup`）：ReDoS 检查仅限于 RE2 语法和嵌套量词规则。"),
]}

# Errors that an entry cannot acknowledge: the E0xx file, path and structure errors (without them the entry cannot be
# read, or placed on the site where it belongs) and an incomplete regex check.
NOT_ACKNOWLEDGEABLE = frozenset({c for c in RULES if c.startswith("E0")} | {"E902"})

# Names the site's own pages and folders use: no domain folder, slug or article id may take them.
RESERVED = frozenset({*LANGS, "index", "api", "assets", "match", "browse", "articles", "search", "rules", "repro",
                      "stylesheets", "javascripts", "generated", "overrides", "404", "sitemap", "about", "contributing"})


def rule(code: str) -> Rule:
    return RULES[code]
