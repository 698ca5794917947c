"""Paste an error, get the ranked entries: the Python twin of docs/assets/javascripts/matcher/matcher.js.

Both runtimes read the same files (written by `match_files`) and must give the same ranked ids for the same
paste; tests/match_cases.json checks that in Python and in Node. The files, split by when they are needed:
  match-index.json          what exact matching and ranking need (id, regex, flags, literals, names, codes);
                            the browser fetches it when the visitor first focuses or pastes;
  match-words.json          the similarity words of each entry, fetched only when nothing matches exactly;
  match-display/LANG/K.json signature, error code and best workaround in one language for the entries of
                            shard K (entry i of the index is in shard i // display_shard), fetched only for
                            the shards of the results shown.

Normalisation (identical in both runtimes; every later step sees only its output):
  lone surrogates -> U+FFFD; CRLF, CR, NEL, U+2028/9 -> LF; ANSI escape sequences removed; zero-width
  characters removed; KELVIN SIGN -> 'K' and LONG S -> 's' (JavaScript's /iu folds them into ASCII,
  Python's re.ASCII does not); typographic quotes -> ASCII (U+2018/9 -> ', U+201C/D -> ": word processors
  and some keyboards curl the quotes of a retyped message); tabs, other control characters and Unicode
  spaces -> ' '; runs of spaces -> one; spaces trimmed at both ends of each line; leading and trailing blank
  lines dropped.
  Errors sit at both ends of what people paste (the first error of a log is the cause, a traceback ends it),
  so what is too long is read at both ends: a paste over `max_chars` code points keeps its first and last
  `max_chars // 2` (cut before anything else, so a 100 MB paste costs no more than a 1 MB one), joined by a
  line holding only GAP; a line over `max_line` code points keeps its first and last (max_line - 3) // 2,
  joined by " GAP ". The answer says what was cut (`Cut`), and both runtimes show it.

Ranking rule (integer, deterministic; also stated on the match page):
  Evidence for an entry is (a) its regex matching the paste, (b) an enum name from its `error_code` or
  `aliases` (`cudaErrorXxx`, `CUDA_ERROR_XXX`) appearing as a whole word, or (c) its code read through a
  family's table (config/families/, only for entries of the family's domain): a numbered form (`code=700`,
  `CUDA error 700`, not "exit code: 1", which is no CUDA code) or the table's message right after one of the
  family's printers (`CUDA driver error: operation not supported`). A status name that a check's condition
  compares with (`e == cudaSuccess || e == cudaErrorCudartUnloading`) is no evidence (operands). Then
    segment = how many chained-exception separators ("During handling of the above exception, ..." /
              "The above exception was the direct cause ...") come before the entry's earliest evidence:
              the first error printed is the cause, so segment 0 ranks first;
    tier    = 3 for name/code and regex, 2 for name/code only, 1 for regex only;
    length  = code points of the regex's leftmost match (or of the name/code when the regex did not
              match): a more specific match beats a shorter one;
    score   = (1000 - min(segment, 999)) * 10**7 + tier * 10**6 + min(length, 999999).
  Results are sorted by score, highest first, ties by id; an underlying cause (an error another result wraps)
  comes after the others, and an incidental entry (a harmless line, or one printed because of an earlier error:
  `incidental` in the entry) after everything else, never counted as a cause. When no regex, name or code matches,
  the regexes run again ignoring letter case (a message retyped in lower case), and a match of `min_folded` code
  points or more counts as exact (tier 1). Only when nothing matches exactly
  are entries ranked as "similar": score = 1000 * shared // tokens, where tokens are the distinct words (ASCII
  letters/digits, 3+ long, not digits only, not stop words) of the entry's English signature and shared
  is how many of them the paste contains; an entry needs 2+ shared words and a score of 250+ when the paste
  names the GPU stack (contains one of `gpu_words`: cuda, gpu, nvidia, nccl, 显存 ...), 3+ and 400+ when it does
  not (a Java, Node or NumPy "out of memory" shares two words with cudaErrorMemoryAllocation and is no CUDA error).
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from generator.config import Family, domains, families, family_of
from generator.l10n.languages import fallback, languages
from generator.model import Entry, workaround_order
from generator.reference.cuda_reference import parse_error_code
from generator.regex_dialect.regex_tree import Anchor, Branch, CharSet, Group, Literal, Node, Repeat, Seq
from generator.regex_dialect.regex_tree import parse as parse_regex
from generator.regex_dialect.safe_regex import compile_regex, search
from generator.render import titles

INDEX_VERSION = 2
DISPLAY_SHARD = 128  # entries per display shard (benchmarks/match/README.md: why 128)
PARAMS: dict[str, Any] = {
    "max_line": 4096,  # code points read of one line, half at each end (minified JS, base64 blobs, progress bars)
    "max_chars": 1_048_576,  # code points read of the whole paste, half at each end
    "chain_markers": ["During handling of the above exception, another exception occurred:",
                      "The above exception was the direct cause of the following exception:"],
    # A similar entry needs min_shared words and a score of min_similar when the paste names the GPU stack
    # (gpu_words), more when it does not: "out of memory" alone is Java's, Go's or NumPy's as often as CUDA's.
    "min_shared": 2,
    "min_similar": 250,
    "min_shared_alone": 3,
    "min_similar_alone": 400,
    "min_folded": 32,  # code points a regex must match, ignoring case, when nothing matched as typed
    # Substrings (of the ASCII-lower-cased paste) that say it comes from the GPU stack.
    "gpu_words": ["cuda", "gpu", "nvidia", "nccl", "cudnn", "cublas", "cusparse", "cusolver", "cufft", "curand",
                  "nvml", "nvrm", "nvcc", "cupy", "triton", "jaxlib", "ggml", "tensorrt", "显存",
                  "显卡"],
    "stop_words": sorted({"the", "and", "for", "was", "not", "are", "with", "this", "that", "from", "has",
                          "but", "you", "your", "error", "cuda", "runtimeerror", "torch", "failed", "call"}),
}
GAP = "\u2026"  # "…": stands where the middle of a long paste or of a long line was skipped
MIN_LITERAL = 4  # the prefilter looks literals up by their first 4 characters
_MAX_SET = 64  # alternatives kept when expanding small character classes and branches into literals

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_NEWLINES = re.compile("\r\n?|[\x85\u2028\u2029]")
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[@-_]?")
_ZERO_WIDTH = re.compile("[\u200b-\u200d\u2060\ufeff]")
_SINGLE_QUOTES = re.compile("[\u2018\u2019]")
_DOUBLE_QUOTES = re.compile("[\u201c\u201d]")
_SPACES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_RUNS = re.compile(" {2,}")
_NAME = re.compile(r"[A-Za-z0-9_]+")
_WORD = re.compile(r"[A-Za-z0-9]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(text: str) -> str:
    """Lower-case ASCII letters only: Unicode lower-casing differs between runtimes (final sigma, versions)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)  # the same on ASCII, and faster


@dataclass(frozen=True)
class Cut:
    """What normalisation skipped: `paste` when only the two ends of the paste were read, `lines` how many
    lines were read only at their two ends."""
    paste: bool = False
    lines: int = 0

    def __bool__(self) -> bool:
        return self.paste or self.lines > 0


def cut_paste(text: str, max_chars: int) -> tuple[str, bool]:
    """The first and last max_chars // 2 code points of a paste longer than max_chars, around a GAP line."""
    if len(text) <= max_chars:
        return text, False
    half = max_chars // 2
    return text[:half] + "\n" + GAP + "\n" + text[len(text) - half:], True


def cut_line(line: str, max_line: int) -> str:
    """The first and last (max_line - 3) // 2 code points of a line longer than max_line, around ' GAP '."""
    if len(line) <= max_line:
        return line
    keep = (max_line - 3) // 2
    return line[:keep] + " " + GAP + " " + line[len(line) - keep:]


def normalise_cut(text: str, params: dict[str, Any] = PARAMS) -> tuple[str, Cut]:
    """The normalised paste, and what of it was skipped (see the module's docstring)."""
    text, paste_cut = cut_paste(text, params["max_chars"])
    text = _LONE_SURROGATE.sub("\ufffd", text)
    text = _NEWLINES.sub("\n", text)
    text = _ANSI.sub("", text)
    text = _ZERO_WIDTH.sub("", text)
    text = text.replace("\u212a", "K").replace("\u017f", "s")
    text = _SINGLE_QUOTES.sub("'", _DOUBLE_QUOTES.sub('"', text))
    text = _SPACES.sub(" ", text)
    max_line = params["max_line"]
    lines = [_RUNS.sub(" ", line).strip(" ") for line in text.split("\n")]
    long_lines = 0
    for k, line in enumerate(lines):
        if len(line) > max_line:
            lines[k] = cut_line(line, max_line)
            long_lines += 1
    while lines and not lines[-1]:
        lines.pop()
    start = 0
    while start < len(lines) and not lines[start]:
        start += 1
    return "\n".join(lines[start:]), Cut(paste_cut, long_lines)


def normalise(text: str, params: dict[str, Any] = PARAMS) -> str:
    return normalise_cut(text, params)[0]


def words(text: str, stop: Iterable[str]) -> list[str]:
    """Distinct lower-case ASCII words, 3+ long, not digits only, not stop words (the similarity tokens)."""
    stop_set = set(stop)
    out = {w for w in (ascii_lower(m) for m in _WORD.findall(text))
           if len(w) >= 3 and not w.isdigit() and w not in stop_set}
    return sorted(out)


# ---- required literals, extracted from the parse tree at build time ----

def _literals_of(items: Seq) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """(exact, required) of a sequence: `exact` is every string it can match when that set is small,
    `required` a set of strings one of which every match contains (None: nothing known). Both are
    ASCII-lower-cased whatever the flags: the prefilter looks them up in the lower-cased paste."""
    cur: frozenset[str] | None = frozenset({""})
    best: frozenset[str] | None = None
    whole_exact = True

    def consider(cand: frozenset[str] | None) -> None:
        nonlocal best
        if cand and min(map(len, cand)) > 0 and _better(cand, best):
            best = cand

    for node in items:
        exact, required = _item(node)
        consider(required)
        if exact is not None and cur is not None and len(cur) * len(exact) <= _MAX_SET:
            cur = frozenset(a + b for a in cur for b in exact)
            continue
        consider(cur)
        whole_exact = False
        cur = exact if exact is not None else frozenset({""})
    consider(cur)
    return (cur if whole_exact else None), best


def _better(a: frozenset[str], b: frozenset[str] | None) -> bool:
    if b is None:
        return True
    ka, kb = min(map(len, a)), min(map(len, b))
    return ka > kb or (ka == kb and len(a) < len(b))


def _item(node: Node) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    if isinstance(node, Literal):
        return frozenset({ascii_lower(chr(node.code))}), None
    if isinstance(node, Anchor):
        return frozenset({""}), None
    if isinstance(node, CharSet):
        if node.ranges is None or any(hi - lo >= 8 for lo, hi in node.ranges):
            return None, None
        chars = {ascii_lower(chr(c)) for lo, hi in node.ranges for c in range(lo, hi + 1)}
        return (frozenset(chars), None) if 0 < len(chars) <= 8 else (None, None)
    if isinstance(node, Group):
        return _literals_of(node.body)
    if isinstance(node, Branch):
        parts = [_literals_of(b) for b in node.alternatives]
        exacts = [e for e, _ in parts if e is not None]
        exact = None
        if len(exacts) == len(parts):
            union = frozenset[str]().union(*exacts)
            exact = union if len(union) <= _MAX_SET else None
        reqs = [r if r is not None else (e if e and "" not in e else None) for e, r in parts]
        # A branch's own exact strings beat its inner required set when they are longer.
        reqs = [e if (e and "" not in e and (r is None or _better(e, r))) else r
                for (e, _), r in zip(parts, reqs, strict=True)]
        known = [r for r in reqs if r]
        required = frozenset[str]().union(*known) if len(known) == len(reqs) else None
        return exact, required
    if isinstance(node, Repeat):
        exact, required = _literals_of(node.body)
        if node.min == 0:
            return None, None
        if exact is not None and "" not in exact and (required is None or _better(exact, required)):
            required = exact
        if node.min == node.max == 1:
            return exact, required
        return None, required
    return None, None  # any character, a negated literal, a lookaround, a back reference: nothing known, run broken


def required_literals(regex: str, flags: str) -> list[str]:
    """Strings (ASCII-lower-cased) one of which every match contains; [] when none is known."""
    return list(_required_literals(regex, flags))


# A pure function of the regex, asked for each entry by the match index of every language and by the regex gate, and
# again at every rebuild while serving: parsed once per regex and process.
@functools.lru_cache(maxsize=1 << 16)
def _required_literals(regex: str, flags: str) -> tuple[str, ...]:
    exact, required = _literals_of(parse_regex(regex, flags).nodes)
    if exact and "" not in exact and (required is None or _better(exact, required)):
        required = exact
    return tuple(sorted(required)) if required else ()


# ---- the match index ----

def enum_names(e: Entry, fams: tuple[Family, ...]) -> list[str]:
    """Status names of any family that identify this entry when they appear in a paste as a whole word."""
    names = {a for a in e.aliases if family_of(a, fams)}
    parsed = parse_error_code(e.error_code) if e.error_code else None
    if parsed and family_of(parsed[0], fams):
        names.add(parsed[0])
    return sorted(names)


def numbered_codes(e: Entry, fams: tuple[Family, ...]) -> list[str]:
    """'<family key>:<code>' for each of the entry's status names whose family has numbered forms (a C check
    macro's `code=700`, PaddlePaddle's `CUDA error(2)`, Numba's `[716] Call to …`) or printers (PyTorch's
    `CUDA driver error: operation not supported`): the number, or the message, resolves through the family's
    table. Only for entries of the family's own domain: pytorch/embedding-index-out-of-range is a cudaErrorAssert too,
    but `CUDA error: device-side assert triggered` alone is cuda/assert; the specific entry needs its own text.
    A name that several families' tables hold carries the code of each: CUDNN_STATUS_NOT_INITIALIZED is 1001 in
    cuDNN 9 and 1 in cuDNN 8, so Caffe's `CUDNN_STATUS_SUCCESS (1 vs. 0)` resolves through the cuDNN 8 table."""
    out = set()
    for name in enum_names(e, fams):
        for fam in fams:
            status = fam.by_name(name)
            if status and (fam.numbered or fam.printers) and fam.domain in ("", e.domain):
                out.add(f"{fam.key}:{status.code}")
    return sorted(out)


_SYNTAX = re.compile(r"[\\^$.*+?()\[\]{}|/]")


def escape(text: str) -> str:
    """`text` as a regex that means the same in Python and in JavaScript with the u flag (which rejects escapes of
    anything but syntax characters, so re.escape's escaped spaces would not compile)."""
    return _SYNTAX.sub(lambda m: "\\" + m.group(), text)


def printed_forms(fams: tuple[Family, ...], codes: Collection[str] | None = None) -> list[list[Any]]:
    """[printers, family key, {message: [codes]}] per family with printers (`printers`: the family's printer regexes
    as one alternation; printed_regex makes the regex both runtimes run). Only the messages of `codes` ('key:code',
    the codes some entry carries; None: all)."""
    out: list[list[Any]] = []
    for f in fams:
        messages: dict[str, list[int]] = {}
        for st in f.statuses:
            if st.code != 0 and (codes is None or f"{f.key}:{st.code}" in codes):
                messages.setdefault(st.message, []).append(st.code)
        if f.printers and messages:
            out.append(["|".join(f.printers), f.key, dict(sorted(messages.items()))])
    return out


def printed_regex(printers: str, messages: Iterable[str]) -> str:
    """Group 1: a message printed right after one of the printers; longest message first, so that a message that
    begins another does not hide it (matcher.js printedRegex builds the same string)."""
    alts = "|".join(escape(m) for m in sorted(messages, key=lambda m: (-len(m), m)))
    return f"(?:{printers})({alts})"


def family_params(fams: tuple[Family, ...], codes: Collection[str] | None = None) -> dict[str, Any]:
    """What both runtimes need of the families and domains: the numbered forms (regex, family key), the printed
    forms (printed_forms) and, per domain, what it wraps and which lines it claims (config/domains.yml says what
    these mean)."""
    return {
        "enums": sorted({f.enum for f in fams}),
        "numbered": [[rx, f.key] for f in fams for rx in f.numbered],
        "printed": printed_forms(fams, codes),
        "domains": {d.id: {"wraps": list(d.wraps), "claims": list(d.claims)}
                    for d in domains() if d.wraps or d.claims},
    }


def best_workaround(e: Entry, lang: str | None = None) -> tuple[str, str]:
    """(English, `lang`'s) action of the workaround the entry page shows first (default language: both English);
    the translation falls back to English."""
    if not e.workarounds:
        return "", ""
    i = workaround_order(e)[0]
    en = e.workarounds[i].action
    language = languages().get(lang) if lang else languages().default
    items = language.text(e, "workarounds") or ()
    return en, fallback(items[i].action if i < len(items) else "", en, language.code)[0]


def index_entry(e: Entry, regex_ok: bool = True, fams: tuple[Family, ...] = ()) -> dict[str, Any]:
    """One entry of the matching index: only what exact matching needs (short keys: browsers fetch it). A
    regex that failed the gate's compile/safety checks is left out (the entry is still found by name, code
    and similarity)."""
    d: dict[str, Any] = {"id": e.id}
    if regex_ok:
        d["re"] = e.regex
        if e.regex_flags:
            d["fl"] = e.regex_flags
        lits = [x for x in required_literals(e.regex, e.regex_flags) if len(x) >= MIN_LITERAL]
        if lits:
            d["lit"] = lits  # without one the regex runs on every paste
    if names := enum_names(e, fams):
        d["nm"] = names
    if codes := numbered_codes(e, fams):
        d["cd"] = codes
    if e.incidental:
        d["inc"] = 1  # ranked after the other exact matches, never a cause (see the ranking rule)
    return d


def build_index(entries: Iterable[Entry], bad_regex: Collection[str] = frozenset()) -> dict[str, Any]:
    """The matching index: entries sorted by id, the parameters both runtimes share, and the display shard
    size (entry i's display text is in shard i // display_shard)."""
    fams = families()
    rows = [index_entry(e, e.id not in bad_regex, fams) for e in sorted(entries, key=lambda e: e.id)]
    codes = {c for r in rows for c in r.get("cd", [])}
    return {"version": INDEX_VERSION, "params": {**PARAMS, **family_params(fams, codes)},
            "display_shard": DISPLAY_SHARD, "entries": rows}


def build_words(entries: Iterable[Entry]) -> dict[str, Any]:
    """The similarity words of each entry's English signature, space-separated, by id. A separate file:
    only needed when nothing matches exactly, so the browser fetches it then."""
    out = {}
    for e in sorted(entries, key=lambda e: e.id):
        if ws := words(e.signature, PARAMS["stop_words"]):
            out[e.id] = " ".join(ws)
    return {"version": INDEX_VERSION, "words": out}


def display_row(e: Entry, lang: str) -> dict[str, Any]:
    """What a result shows in `lang`: the page's title (generator/render/titles.py), error code, best workaround
    (in `lang`, else English)."""
    d: dict[str, Any] = {"s": titles.title(e, lang)[0]}
    if e.error_code:
        d["ec"] = e.error_code
    if wa := best_workaround(e, lang)[1]:
        d["w"] = wa
    return d


def build_display(entries: Iterable[Entry], lang: str, shard: int = DISPLAY_SHARD) -> list[dict[str, Any]]:
    """Display shards for `lang`: shard k holds entries k*shard .. (k+1)*shard-1 of the id-sorted list, by id.
    Fetched only when there are results to show, only the shards those results are in."""
    rows = sorted(entries, key=lambda e: e.id)
    return [{"version": INDEX_VERSION, "lang": lang,
             "entries": {e.id: display_row(e, lang) for e in rows[k:k + shard]}}
            for k in range(0, len(rows), shard)] or [{"version": INDEX_VERSION, "lang": lang, "entries": {}}]


def display_file(lang: str, shard: int) -> str:
    """Path of a display shard, relative to the folder of match-index.json."""
    return f"match-display/{lang}/{shard}.json"


def match_files(entries: Iterable[Entry], bad_regex: Collection[str] = frozenset(),
                langs: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    """Every file of the matcher, by path relative to one folder: the matching index, the similarity words,
    and the display shards of each language."""
    entries = list(entries)
    files = {"match-index.json": build_index(entries, bad_regex), "match-words.json": build_words(entries)}
    for lang in languages().codes if langs is None else langs:
        for k, shard in enumerate(build_display(entries, lang)):
            files[display_file(lang, k)] = shard
    return files


# ---- matching ----

@dataclass(frozen=True)
class Result:
    id: str
    kind: str  # "regex" (exact: regex, name or code) | "cause" (exact, an error that another result wraps) | "similar"
    score: int
    start: int = -1  # code-point span of the evidence in the normalised paste
    end: int = -1


@dataclass(frozen=True)
class Answer:
    text: str  # the normalised paste
    results: list[Result]
    cut: Cut = Cut()  # what of the paste was not read


def _config_regex(rx: str) -> Any:
    """A regex of config/ (families' numbered forms and printers, domains' claims): RE2, which runs these alternations
    over a long paste several times faster than `re` with the same matches (no lookaround, ASCII `\\b`); `re` for
    one RE2 cannot compile."""
    compiled = compile_regex(rx)
    return compiled if compiled is not None else re.compile(rx, re.ASCII)


@dataclass
class Index:
    raw: dict[str, Any]
    entries: list[dict[str, Any]] = field(default_factory=list)
    regexes: dict[int, Any] = field(default_factory=dict)
    by_gram: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    always: list[int] = field(default_factory=list)
    by_name: dict[str, list[int]] = field(default_factory=dict)
    by_code: dict[str, list[int]] = field(default_factory=dict)
    numbered: list[tuple[Any, str]] = field(default_factory=list)  # compiled by _config_regex
    printed: list[tuple[Any, str, dict[str, list[int]]]] = field(default_factory=list)
    claims: list[tuple[str, Any]] = field(default_factory=list)  # (domain, line regex), config order
    wraps: dict[str, set[str]] = field(default_factory=dict)
    words: list[list[str]] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)
    multiline: list[tuple[str, int]] = field(default_factory=list)  # literals holding "\n"
    enum_names_only: bool = True  # every name in by_name looks like a family's status name (see name_tokens)
    enum_token: re.Pattern[str] = _NAME
    status_token: re.Pattern[str] | None = None  # any family's status name, as a whole word (see operands)

    @classmethod
    def load(cls, raw: dict[str, Any], words_raw: dict[str, Any] | None = None) -> Index:
        """`words_raw`: match-words.json; without it nothing is ever "similar" (exact matches only)."""
        ix = cls(raw=raw, entries=list(raw["entries"]))
        params = raw["params"]
        ix.numbered = [(_config_regex(rx), key) for rx, key in params.get("numbered", [])]
        ix.printed = [(_config_regex(printed_regex(printers, msgs)), key, msgs)
                      for printers, key, msgs in params.get("printed", [])]
        for dom, spec in params.get("domains", {}).items():
            ix.wraps[dom] = set(spec["wraps"])
            ix.claims += [(dom, _config_regex(rx)) for rx in spec["claims"]]
        by_word = (words_raw or {}).get("words", {})
        # Each literal is filed under its rarest gram, so literals sharing a prefix do not share a bucket.
        counts: Counter[str] = Counter(lit[o:o + MIN_LITERAL] for e in ix.entries if "re" in e
                                       for lit in e.get("lit") or [] for o in range(len(lit) - MIN_LITERAL + 1))
        for i, e in enumerate(ix.entries):
            ix.by_id[e["id"]] = i
            if "re" in e:
                lits = e.get("lit") or []
                for lit in lits:
                    if "\n" in lit:
                        ix.multiline.append((lit, i))
                        continue
                    gram = min((lit[o:o + MIN_LITERAL] for o in range(len(lit) - MIN_LITERAL + 1)),
                               key=lambda g: counts[g])
                    ix.by_gram.setdefault(gram, []).append((lit, i))
                if not lits:
                    ix.always.append(i)
            for n in e.get("nm", []):
                ix.by_name.setdefault(n, []).append(i)
            for c in e.get("cd", []):
                ix.by_code.setdefault(c, []).append(i)
            ix.words.append(by_word[e["id"]].split(" ") if e["id"] in by_word else [])
        # The families' name patterns, as whole _NAME runs: a long log is mostly other words.
        enums = params.get("enums", [])
        union = re.compile("|".join(f"(?:{p})" for p in enums), re.ASCII) if enums else None
        ix.enum_names_only = union is not None and all(union.fullmatch(n) for n in ix.by_name)
        if union is not None:
            ix.enum_token = re.compile(rf"(?<![A-Za-z0-9_])(?:{union.pattern})(?![A-Za-z0-9_])", re.ASCII)
            ix.status_token = ix.enum_token
        return ix

    def regex(self, i: int, folded: bool = False) -> Any:
        """Entry i's regex compiled with RE2 (linear time, generator/regex_dialect/safe_regex.py); None if RE2
        rejects it: then it never runs (the gate keeps such regexes out of the index). `folded`: ignoring letter case
        (None when the regex already does: it has run)."""
        key = -1 - i if folded else i
        if key not in self.regexes:
            e = self.entries[i]
            flags = e.get("fl", "")
            self.regexes[key] = (None if folded and "i" in flags
                                 else compile_regex(e["re"], flags + "i" if folded else flags))
        return self.regexes[key]

    def candidates(self, low: str) -> list[int]:
        """Entries one of whose required literals occurs in the (ASCII-lower-cased) paste."""
        found = set(self.always)
        # Grams of each distinct line (logs repeat lines); a literal holding a line break is looked for whole.
        grams = {line[k:k + MIN_LITERAL] for line in set(low.split("\n")) for k in range(len(line) - MIN_LITERAL + 1)}
        for g in grams & self.by_gram.keys():
            for lit, i in self.by_gram[g]:
                if i not in found and lit in low:
                    found.add(i)
        for lit, i in self.multiline:
            if i not in found and lit in low:
                found.add(i)
        return sorted(found)

    def name_tokens(self, text: str) -> Iterable[re.Match[str]]:
        """The paste's words (runs of [A-Za-z0-9_]) that may be enum names: only those with an enum prefix
        when every indexed name has one (what build_index writes), which skips most of a long log."""
        return (self.enum_token if self.enum_names_only else _NAME).finditer(text)


def _segment_starts(text: str, markers: list[str]) -> list[int]:
    starts, pos = [], 0
    for line in text.split("\n"):
        if line in markers:
            starts.append(pos)
        pos += len(line) + 1
    return starts


def operands(text: str, token: re.Pattern[str] | None) -> list[tuple[int, int]]:
    """Spans of the status names that a check's condition compares with (`Check failed: e == cudaSuccess || e ==
    cudaErrorCudartUnloading CUDA: invalid device ordinal`): the values a check accepts or tests for, not the
    error it reports. A name there is no evidence; a numbered form around it (`== CUBLAS_STATUS_SUCCESS (14 vs.
    0)`) still is."""
    if token is None or ("==" not in text and "!=" not in text):
        return []
    out = []
    for m in token.finditer(text):
        before, after = text[max(0, m.start() - 3):m.start()].rstrip(" "), text[m.end():m.end() + 3].lstrip(" ")
        if before.endswith(("==", "!=")) or after.startswith(("==", "!=")):
            out.append((m.start(), m.end()))
    return out


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> int | None:
    """The end of the span of `spans` that holds `span` (a non-empty part of it), or None."""
    return next((b for a, b in spans if a <= span[0] < b and span[1] <= b), None)


def search_outside(rx: Any, text: str, spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The leftmost match of `rx` that does not lie within one of `spans`."""
    pos = 0
    while (span := search(rx, text, pos)) is not None and spans:
        end = _inside(span, spans)
        if end is None:
            break
        pos = end
    return span


def _segment(pos: int, starts: list[int]) -> int:
    return sum(1 for s in starts if s < pos)


def _line_owners(text: str, claims: list[tuple[str, Any]]) -> list[tuple[int, int, str]]:
    """(start, end, domain) of each line that a domain claims as its own message (the first claim in config order
    wins). Each claim runs once over the whole paste (claims never span a line): a log is mostly unclaimed."""
    owned: dict[int, tuple[int, int, str]] = {}
    for dom, rx in claims:
        for m in rx.finditer(text):
            start = text.rfind("\n", 0, m.start()) + 1
            if start not in owned:
                end = text.find("\n", m.start())
                owned[start] = (start, len(text) if end < 0 else end, dom)
    return sorted(owned.values())


def _foreign(pos: int, domain: str, owners: list[tuple[int, int, str]], wraps: dict[str, set[str]]) -> bool:
    """Is `pos` inside a line another domain claims, one that does not wrap `domain`'s errors? Evidence there
    is a phrase inside another tool's message, never a match."""
    for start, end, owner in owners:
        if start <= pos <= end:
            return owner != domain and domain not in wraps.get(owner, set())
    return False


def _causes(results: list[Result], wraps: dict[str, set[str]]) -> set[str]:
    """Ids of results that another result wraps, shown after the others as the underlying error. `outer` wraps
    `inner` when outer's domain wraps inner's and either its evidence strictly contains inner's (Triton's
    "Triton Error [CUDA]: <CUDA message>"), or lies elsewhere in the paste (an NCCL error line and the CUDA
    failure it reports) while reading no text of a domain it wraps itself: an entry that matched the inner
    message is another reading of it, not a wrapper. Results that read the same text as a cause are causes too."""
    def dom(r: Result) -> str:
        return r.id.split("/")[0]

    def overlap(a: Result, b: Result) -> bool:
        return a.start < b.end and b.start < a.end

    def contains(a: Result, b: Result) -> bool:
        return a.start <= b.start and b.end <= a.end and (a.end - a.start) > (b.end - b.start)

    def reads_inner(o: Result) -> bool:
        return any(dom(x) in wraps.get(dom(o), set()) and overlap(o, x) and not contains(o, x) for x in results)

    def wrapped_by(inner: Result, outer: Result) -> bool:
        if dom(inner) == dom(outer) or dom(inner) not in wraps.get(dom(outer), set()):
            return False
        return contains(outer, inner) or (not overlap(outer, inner) and not reads_inner(outer))

    causes = [r for r in results if any(wrapped_by(r, o) for o in results)]
    return {r.id for r in results if any(r is c or (overlap(r, c) and not contains(r, c)) for c in causes)}


def score_of(segment: int, tier: int, length: int) -> int:
    return (1000 - min(segment, 999)) * 10**7 + tier * 10**6 + min(length, 999_999)


def match(index: Index, paste: str, top: int = 5, exclude: Iterable[str] = ()) -> Answer:
    params = index.raw["params"]
    text, cut = normalise_cut(paste, params)
    skip = {index.by_id[x] for x in exclude if x in index.by_id}
    starts = _segment_starts(text, params["chain_markers"])
    owners = _line_owners(text, index.claims)
    compared = operands(text, index.status_token)

    def foreign(i: int, pos: int) -> bool:
        return _foreign(pos, index.entries[i]["id"].split("/")[0], owners, index.wraps)

    candidates = [i for i in index.candidates(ascii_lower(text)) if i not in skip]
    regex_hit: dict[int, tuple[int, int]] = {}
    for i in candidates:
        rx = index.regex(i)
        span = search_outside(rx, text, compared) if rx is not None else None
        if span and not foreign(i, span[0]):
            regex_hit[i] = span
    name_hit: dict[int, tuple[int, int]] = {}
    for m in index.name_tokens(text):
        for i in index.by_name.get(m.group(), ()):
            if not foreign(i, m.start()) and _inside((m.start(), m.end()), compared) is None:
                name_hit.setdefault(i, (m.start(), m.end()))
    coded = [(m, f"{key}:{int(m.group(1))}") for rx, key in index.numbered for m in rx.finditer(text)]
    coded += [(m, f"{key}:{code}") for rx, key, msgs in index.printed for m in rx.finditer(text)
              for code in msgs[m.group(1)]]
    for m, code in coded:
        for i in index.by_code.get(code, ()):
            if not foreign(i, m.start()) and (i not in name_hit or m.start() < name_hit[i][0]):
                name_hit[i] = (m.start(), m.end())
    if not regex_hit and not name_hit:
        # A message retyped in other letter case ("an nvidia gpu may be present on this machine, but a cuda-enabled
        # jaxlib is not installed"): only when nothing else matched, and only a long match counts.
        for i in candidates:
            rx = index.regex(i, folded=True)
            span = search_outside(rx, text, compared) if rx is not None else None
            if span and span[1] - span[0] >= params["min_folded"] and not foreign(i, span[0]):
                regex_hit[i] = span
    exact = []
    for i in (set(regex_hit) | set(name_hit)) - skip:
        r, n = regex_hit.get(i), name_hit.get(i)
        first = min(x[0] for x in (r, n) if x)
        tier = 3 if r and n else 2 if n else 1
        span = r or n
        assert span is not None
        exact.append(Result(index.entries[i]["id"], "regex", score_of(_segment(first, starts), tier,
                                                                       span[1] - span[0]), span[0], span[1]))
    if exact:
        incidental = {r.id for r in exact if index.entries[index.by_id[r.id]].get("inc")}
        causes = _causes([r for r in exact if r.id not in incidental], index.wraps)
        exact = [Result(r.id, "cause", r.score, r.start, r.end) if r.id in causes else r for r in exact]
        order = sorted(exact, key=lambda r: (r.id in incidental, r.kind == "cause", -r.score, r.id))
        return Answer(text, order[:top], cut)
    return Answer(text, similar(index, text, top, skip), cut)


def similar(index: Index, text: str, top: int, skip: set[int]) -> list[Result]:
    params = index.raw["params"]
    have = set(words(text, params["stop_words"]))
    low = ascii_lower(text)
    gpu = any(w in low for w in params["gpu_words"])
    need, bar = ((params["min_shared"], params["min_similar"]) if gpu
                 else (params["min_shared_alone"], params["min_similar_alone"]))
    out = []
    for i, ws in enumerate(index.words):
        if i in skip or not ws:
            continue
        shared = sum(1 for w in ws if w in have)
        score = 1000 * shared // len(ws)
        if shared >= need and score >= bar:
            out.append(Result(index.entries[i]["id"], "similar", score))
    return sorted(out, key=lambda r: (-r.score, r.id))[:top]
