"""The regex gate: every entry regex must mean the same in Python and JavaScript, be safe from catastrophic
backtracking, match its own signature and samples, and match no other entry's unless declared in `overlaps`.

Safety is checked in layers, because no single checker catches everything:
  1. RE2 syntax (google-re2 must compile it): no backreferences and no lookaround, the constructs for which
     no backtracking bound exists;
  2. star height 1 and unambiguous quantified alternation (this module): exponential backtracking in
     RE2-syntax patterns needs a quantified part that can match one string in two ways, i.e. a quantifier
     nested in another or branches that start alike under a quantifier;
  3. recheck (npm, when installed: `make setup`), which also finds polynomial (e.g. quadratic) blow-ups by
     automata analysis and fuzzing; its verdicts are cached in .cache/regex-gate.json.
Nothing here runs a regex in a backtracking engine without a time limit: Python runs them with RE2 only
(generator/regex_dialect/safe_regex.py; a pattern RE2 rejects never runs), and JavaScript runs a regex that passed
layers 1-2 on its texts inside a vm context with a timeout. The JavaScript side (compile with flag `u`, run the same
pairs, recheck) is one Node worker per Python process (regex_gate.cjs, line-delimited JSON), asked only about the
regexes and texts whose answers are not already known in this process, with a budget for each request and a
hard timeout behind it: a worker that overruns is killed (E902) and the next check starts a new one.
"""
from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import re
import selectors
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from generator.match.engine import MIN_LITERAL, Index, ascii_lower, build_index, normalise, required_literals
from generator.memo import digest, remembered
from generator.model import Entry
from generator.paths import ROOT
from generator.problems import Problem
from generator.regex_dialect.regex_tree import Anchor, Branch, CharSet, Group, Literal, Look, Node, Repeat, Seq
from generator.regex_dialect.regex_tree import parse as parse_regex
from generator.regex_dialect.safe_regex import MAX_GROUP_DEPTH, compile_regex, group_depth, re2_error, search

NODE_SCRIPT = Path(__file__).resolve().parent / "regex_gate.cjs"
RECHECK_TIMEOUT_MS = 60_000  # one regex's recheck analysis: a hang guard (the analysis is bounded by step limits)
RECHECK_OPTIONS = "steps-1"  # part of the verdict cache key: verdicts from other analysis settings are not reused
PAIR_TIMEOUT_MS = 1_000  # one regex on all of its texts in JavaScript (microseconds for a safe regex)
NODE_BUDGET_S = 20.0  # the whole Node run, plus NODE_BUDGET_PER_RECHECK_S for each regex recheck analyses
NODE_BUDGET_PER_RECHECK_S = 10.0  # wall time: one analysis took 9 s at load 11 on 2 cores (it is ~1 s on a quiet one)
NODE_KILL_AFTER_S = 20.0  # beyond the budget: the process is killed and the report says so (E902)
# What JavaScript answered, by (regex, flags) and (regex, flags, text): fixed for a given Node, so kept for the
# process (repeated checks, e.g. `mkdocs serve` and the fuzz tests, start Node only for what changed).
_JS_COMPILE: dict[tuple[str, str], str | None] = {}
_JS_PAIRS: dict[bytes, bool] = {}  # by a hash of (flags, regex, text)
_JS_CACHE_MAX = 200_000
NODE_RUNS = 0  # Node processes started by this process: one, unless one was stopped or failed


@dataclass
class GateResult:
    problems: list[Problem] = field(default_factory=list)
    bad_regex: set[str] = field(default_factory=set)  # regexes that must not ship (entry still matched by name)


@dataclass
class _Text:
    entry: str
    what: str  # "signature", "samples[0]", "near_misses[1]"
    text: str


def node_modules_dirs() -> list[Path]:
    extra = [Path(p) for p in os.environ.get("NODE_PATH", "").split(os.pathsep) if p]
    return [ROOT / "node_modules", *extra]


def recheck_version() -> str | None:
    for d in node_modules_dirs():
        pkg = d / "recheck" / "package.json"
        if pkg.is_file():
            try:
                return str(json.loads(pkg.read_text(encoding="utf-8")).get("version"))
            except (OSError, ValueError):
                return None
    return None


def syntax_problems(regex: str, flags: str) -> tuple[list[str], bool]:
    """(reasons, fatal): constructs that differ between Python and JavaScript or can backtrack badly.
    `fatal` means the regex must not ship at all. Nothing here runs the regex in a backtracking engine."""
    reasons, fatal = _syntax_problems(regex, flags)
    return list(reasons), fatal


# A pure function of the regex, asked for by the lint, the regex gate and the matcher, and again at every rebuild while
# serving: worked out once per regex and process.
@functools.lru_cache(maxsize=1 << 16)
def _syntax_problems(regex: str, flags: str) -> tuple[tuple[str, ...], bool]:
    reasons, fatal = _syntax_problems_of(regex, flags)
    return tuple(reasons), fatal


def _syntax_problems_of(regex: str, flags: str) -> tuple[list[str], bool]:
    depth = group_depth(regex)
    if depth > MAX_GROUP_DEPTH:
        return [f"does not compile here: groups nested {depth} deep (the limit is {MAX_GROUP_DEPTH})"], True
    try:
        tree = parse_regex(regex, flags)
    except re.error as exc:
        return [f"does not compile in Python: {exc}"], True
    except (RecursionError, OverflowError, ValueError, TypeError) as exc:
        return [f"does not compile in Python: {type(exc).__name__}"], True
    out: list[str] = []
    if tree.inline_flags:
        out.append("inline flags such as (?i) are not allowed (a syntax error in many browsers): use regex_flags")
    if tree.named_groups:
        out.append("named groups are not allowed ((?P<name> is Python-only, (?<name> JavaScript-only): use (?:...)")
    if "i" in flags and not regex.isascii():
        out.append("non-ASCII characters with flag 'i' fold differently in Python (ASCII) and JavaScript (Unicode)")
    out += _tree_problems(tree.nodes, "i" in flags)
    msg = re2_error(regex)
    if msg is not None:
        out.append(f"not RE2 syntax ({msg}): backreferences and lookaround have no backtracking bound")
    fatal = bool(out)
    rx = compile_regex(regex, flags)
    if rx is not None and search(rx, "") is not None:
        out.append("matches the empty string, so it would match every paste")
        fatal = True
    lits = required_literals(regex, flags)
    if not lits or min(map(len, lits)) < MIN_LITERAL:
        out.append(f"has no required literal of {MIN_LITERAL}+ characters in every alternative, so the "
                   "prefilter cannot skip it (add the fixed text of the message)")
    return list(dict.fromkeys(out)), fatal


def _tree_problems(items: Seq, ci: bool, in_repeat: bool = False) -> list[str]:
    out: list[str] = []
    for node in items:
        if isinstance(node, Anchor) and node.name in ("AT_BEGINNING_STRING", "AT_END_STRING"):
            out.append("\\A and \\Z are not allowed (\\Z means something else in JavaScript): use ^ and $")
        elif isinstance(node, Group):
            if node.inline_flags:
                out.append("inline flags such as (?i:...) are not allowed: use regex_flags")
            out += _tree_problems(node.body, ci, in_repeat)
        elif isinstance(node, Branch):
            for b in node.alternatives:
                out += _tree_problems(b, ci, in_repeat)
        elif isinstance(node, Look):
            out += _tree_problems(node.body, ci, in_repeat)
        elif isinstance(node, Repeat):
            repeats = node.max is None or node.max > 1
            varies = node.min != node.max
            if in_repeat and varies:
                out.append("nested quantifiers (a quantified part inside another quantifier) can backtrack "
                           "exponentially")
            if repeats and _ambiguous_branches(node.body, ci):
                out.append("a quantified alternation whose branches can start with the same character can "
                           "backtrack exponentially")
            out += _tree_problems(node.body, ci, in_repeat or repeats)
    return out


def _first(items: Seq, ci: bool) -> tuple[set[str] | None, bool]:
    """(characters a match can start with, or None for any character; whether it can match empty)."""
    acc: set[str] = set()
    for node in items:
        chars, nullable = _first_item(node, ci)
        if chars is None:
            return None, False
        acc |= chars
        if not nullable:
            return acc, False
    return acc, True


def _first_item(node: Node, ci: bool) -> tuple[set[str] | None, bool]:
    if isinstance(node, Literal):
        c = chr(node.code)
        return ({c.lower(), c.upper()} if ci and c.isascii() else {c}), False
    if isinstance(node, (Anchor, Look)):
        return set(), True
    if isinstance(node, CharSet):
        if node.ranges is None or any(hi - lo > 512 for lo, hi in node.ranges):
            return None, False
        chars = {chr(c) for lo, hi in node.ranges for c in range(lo, hi + 1)}
        if ci:
            chars |= {c.swapcase() for c in chars if c.isascii()}
        return chars, False
    if isinstance(node, Group):
        return _first(node.body, ci)
    if isinstance(node, Branch):
        acc: set[str] = set()
        nullable = False
        for b in node.alternatives:
            first, n = _first(b, ci)
            if first is None:
                return None, False
            acc |= first
            nullable = nullable or n
        return acc, nullable
    if isinstance(node, Repeat):
        first, n = _first(node.body, ci)
        return first, n or node.min == 0
    return None, False


def _ambiguous_branches(body: Seq, ci: bool) -> bool:
    for node in body:
        if isinstance(node, Group):
            return _ambiguous_branches(node.body, ci)
        if not isinstance(node, Branch):
            continue
        seen: set[str] = set()
        for b in node.alternatives:
            chars, nullable = _first(b, ci)
            if chars is None or nullable or chars & seen:
                return True
            seen |= chars
    return False


def _texts(e: Entry) -> list[tuple[_Text, bool]]:
    """This entry's texts and whether its regex must match each (near misses must not)."""
    out = [(_Text(e.id, "signature", normalise(e.signature)), True)]
    out += [(_Text(e.id, f"samples[{i}]", normalise(s)), True) for i, s in enumerate(e.raw.get("samples", []))]
    out += [(_Text(e.id, f"near_misses[{i}]", normalise(s)), False) for i, s in enumerate(e.raw.get("near_misses", []))]
    return out


def check_regexes(entries: list[Entry], cache_file: Path | None = None) -> GateResult:
    """Every problem with every regex, as `file: regex: reason`."""
    entries = sorted(entries, key=lambda e: e.id)
    result = GateResult()
    reasons: dict[str, list[str]] = {e.id: [] for e in entries}
    fatal: set[str] = set()
    for e in entries:
        found, is_fatal = syntax_problems(e.regex, e.regex_flags)
        reasons[e.id] += found
        if is_fatal:
            fatal.add(e.id)
    # Python runs every regex with RE2 (linear time); one RE2 cannot compile never runs, here or anywhere.
    compiled: dict[str, Any] = {}
    for e in entries:
        if not any(r.startswith("does not compile") for r in reasons[e.id]):
            rx = compile_regex(e.regex, e.regex_flags)
            if rx is not None:
                compiled[e.id] = rx

    texts: list[_Text] = []
    expect: dict[tuple[str, int], bool] = {}  # (regex id, text index) -> must it match?
    index = Index.load(build_index(entries, fatal))
    own = {e.id: _texts(e) for e in entries}
    for e in entries:
        for t, must in own[e.id]:
            k = len(texts)
            texts.append(t)
            if e.id in compiled:
                expect[(e.id, k)] = must
            if t.what.startswith("near_misses"):
                continue
            # Other regexes that could match this text (the prefilter is sound: no literal, no match).
            for i in index.candidates(ascii_lower(t.text)):
                other = index.entries[i]["id"]
                if other != e.id and other in compiled:
                    expect[(other, k)] = False
    pairs = sorted(expect)
    py = {p: search(compiled[p[0]], texts[p[1]].text) is not None for p in pairs}
    by_id = {e.id: e for e in entries}
    # JavaScript backtracks: a regex that failed the checks above never runs there, not even under a timeout.
    js = _run_node(entries, texts, [p for p in pairs if p[0] not in fatal], cache_file, reasons, fatal, result)
    for (rid, k), must in expect.items():
        t = texts[k]
        got = py[(rid, k)]
        if js is not None and js.get((rid, k)) is not None and js[(rid, k)] != got:
            reasons[rid].append(f"Python and JavaScript disagree on {t.entry} {t.what}: "
                                f"Python {'matches' if got else 'does not match'}, JavaScript "
                                f"{'matches' if js[(rid, k)] else 'does not match'}")
            fatal.add(rid)
        if t.entry == rid and got != must:
            reasons[rid].append(f"does not match its own {t.what}" if must else f"matches its own {t.what}")
        elif t.entry != rid and got and t.entry not in by_id[rid].raw.get("overlaps", []):
            reasons[rid].append(f"matches the {t.what} of {t.entry} (steals its pastes); if that is intended, "
                                f"list '{t.entry}' in overlaps")
    for e in entries:
        for reason in dict.fromkeys(reasons[e.id]):
            result.problems.append(Problem(e.path, "regex", reason))
    result.bad_regex = fatal
    return result


def _node_problem(message: str) -> Problem:
    return Problem(NODE_SCRIPT.relative_to(ROOT).as_posix(), "", message, code="E902")


def _pair_key(e: Entry, text: str) -> bytes:
    return hashlib.blake2b(f"{e.regex_flags}\0{e.regex}\0{text}".encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


def _run_node(entries: list[Entry], texts: list[_Text], pairs: list[tuple[str, int]], cache_file: Path | None,
              reasons: dict[str, list[str]], fatal: set[str],
              result: GateResult) -> dict[tuple[str, int], bool | None]:
    """JavaScript's answers for `pairs` (None where it gave none: Node failed, E902, or the regex overran), its
    compile errors and recheck's verdicts added to `reasons`/`fatal`."""
    order = {e.id: i for i, e in enumerate(entries)}
    version = recheck_version()
    # REGEX_GATE_CACHE: where verdicts are remembered (tests building copies of the project share the checkout's).
    cache_file = cache_file or Path(os.environ.get("REGEX_GATE_CACHE") or ROOT / ".cache" / "regex-gate.json")
    cache = _read_cache(cache_file) if version else {}
    keys = [hashlib.sha256(f"{version}\n{RECHECK_OPTIONS}\n{e.regex_flags}\n{e.regex}".encode()).hexdigest()
            for e in entries]
    todo = [i for i, e in enumerate(entries) if version and e.id not in fatal and keys[i] not in cache]
    pair_keys = {(rid, k): _pair_key(entries[order[rid]], texts[k].text) for rid, k in pairs}
    need_pairs = [p for p in pairs if pair_keys[p] not in _JS_PAIRS]
    need_compile = [i for i, e in enumerate(entries) if (e.regex, e.regex_flags) not in _JS_COMPILE]
    answers: dict[tuple[str, int], bool] = {}
    overrun: dict[str, int] = {}
    spent: set[str] = set()
    fresh: dict[int, Any] = {}
    answer = _call_node(entries, texts, need_pairs, todo, order, result) if todo or need_pairs or need_compile \
        else None
    if answer is not None:
        if len(_JS_PAIRS) > _JS_CACHE_MAX or len(_JS_COMPILE) > _JS_CACHE_MAX // 10:
            _JS_PAIRS.clear()
            _JS_COMPILE.clear()
        for i, msg in enumerate(answer["compile"]):
            _JS_COMPILE[(entries[i].regex, entries[i].regex_flags)] = msg
        for p, got in zip(need_pairs, answer["pairs"], strict=True):
            if got is not None:
                answers[p] = _JS_PAIRS[pair_keys[p]] = bool(got)
        for i, k in enumerate(answer["overrun"]):
            if k is not None:
                overrun[entries[i].id] = k
        spent = {entries[i].id for i in answer["spent"]}
        fresh = {i: v for i, v in enumerate(answer.get("recheck") or []) if v is not None}
    for e in entries:
        msg = _JS_COMPILE.get((e.regex, e.regex_flags))
        if msg:
            reasons[e.id].append(f"does not compile in JavaScript with flag u: {msg}")
            fatal.add(e.id)
    for rid, k in overrun.items():
        reasons[rid].append(f"took longer than {PAIR_TIMEOUT_MS} ms in JavaScript on {texts[k].entry} "
                            f"{texts[k].what} (catastrophic backtracking): simplify the regex")
        fatal.add(rid)
    for rid in sorted(spent - set(overrun)):
        reasons[rid].append("was not run in JavaScript: the check's time budget was spent (run validate again; "
                            "what was checked is remembered)")
        fatal.add(rid)
    if version is None:
        result.problems.append(Problem("node_modules/recheck", "", "recheck not installed (run `make setup`): "
                                       "ReDoS check limited to RE2 syntax and the nested-quantifier rules",
                                       severity="warning", code="W903"))
    else:
        for i, verdict in fresh.items():
            if not verdict.get("budget"):
                cache[keys[i]] = verdict
        for i, e in enumerate(entries):
            verdict = cache.get(keys[i]) or fresh.get(i)
            if verdict is None or e.id in fatal:
                continue
            if verdict.get("budget"):
                reasons[e.id].append("was not analysed by recheck: the check's time budget was spent (run validate "
                                     "again; what was checked is remembered)")
                fatal.add(e.id)
            elif verdict["status"] == "vulnerable":
                attack = f"; attack string {verdict['attack'][:80]!r}" if verdict.get("attack") else ""
                reasons[e.id].append(f"recheck: {verdict['complexity']} backtracking{attack}")
                fatal.add(e.id)
            elif verdict["status"] != "safe":
                reasons[e.id].append(f"recheck could not prove it safe ({verdict['status']} "
                                     f"{verdict.get('error', '')}); simplify the regex")
                fatal.add(e.id)
        if fresh:
            _write_cache(cache_file, cache)
    return {p: answers[p] if p in answers else _JS_PAIRS.get(pair_keys[p]) for p in pairs}


def _call_node(entries: list[Entry], texts: list[_Text], pairs: list[tuple[str, int]], todo: list[int],
               order: dict[str, int], result: GateResult) -> dict[str, Any] | None:
    node = shutil.which("node")
    if node is None:
        result.problems.append(_node_problem("Node.js not found: regexes are not checked in JavaScript"))
        return None
    used = sorted({k for _, k in pairs})
    at = {k: n for n, k in enumerate(used)}
    budget_s = NODE_BUDGET_S + NODE_BUDGET_PER_RECHECK_S * len(todo)
    payload = {"regexes": [[e.regex, e.regex_flags] for e in entries], "texts": [texts[k].text for k in used],
               "pairs": [[order[r], at[k]] for r, k in pairs], "recheck_todo": todo,
               "recheck_timeout_ms": RECHECK_TIMEOUT_MS, "pair_timeout_ms": PAIR_TIMEOUT_MS,
               "budget_ms": int(budget_s * 1000)}
    limit = budget_s + NODE_KILL_AFTER_S
    line = (json.dumps(payload) + "\n").encode("utf-8", "surrogatepass")
    with _WORKER_LOCK:
        try:
            reply = _WORKER.ask([node, str(NODE_SCRIPT)], line, limit)
        except _Stopped:
            result.problems.append(_node_problem(f"the regex check in Node did not finish within {limit:.0f} s and "
                                                 "was stopped: regexes are not checked in JavaScript"))
            return None
        except _Failed as exc:
            result.problems.append(_node_problem(f"the regex check in Node failed ({exc.how}): {exc.stderr}"))
            return None
        except OSError as exc:
            result.problems.append(_node_problem(f"cannot run Node.js ({exc.strerror or exc}): regexes are not "
                                                 "checked in JavaScript"))
            return None
    try:
        answer = json.loads(reply)
    except ValueError:
        answer = None
    if not _well_formed(answer, len(entries), len(pairs)):
        with _WORKER_LOCK:
            _WORKER.stop()  # out of step with its requests: the next check starts a fresh one
        result.problems.append(_node_problem("the regex check in Node failed (an answer not in the form asked "
                                             "for)"))
        return None
    # The answers use the positions sent; map text positions back.
    answer["overrun"] = [used[k] if k is not None else None for k in answer["overrun"]]
    return answer


def _well_formed(answer: object, regexes: int, pairs: int) -> TypeGuard[dict[str, Any]]:
    """An answer with one compile result and one overrun slot per regex and one result per pair."""
    return (isinstance(answer, dict) and isinstance(answer.get("compile"), list) and len(answer["compile"]) == regexes
            and isinstance(answer.get("overrun"), list) and len(answer["overrun"]) == regexes
            and isinstance(answer.get("pairs"), list) and len(answer["pairs"]) == pairs
            and isinstance(answer.get("spent"), list))


class _Stopped(Exception):
    """The worker did not answer within the time limit and was killed."""


class _Failed(Exception):
    """The worker exited (or closed its output) without answering."""

    def __init__(self, how: str, stderr: str) -> None:
        super().__init__(how)
        self.how, self.stderr = how, stderr


class _Worker:
    """One Node process (regex_gate.cjs) per Python process, kept between checks: a check costs a request, not a
    Node start-up. Requests are line-delimited JSON, one answer line each. A request that overruns its limit
    kills the process; so does any failure; the next request starts a new one. Not shared across fork()."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.key: tuple[Any, ...] = ()
        self.pid = 0  # the Python process that started it

    def ask(self, command: list[str], line: bytes, limit: float) -> bytes:
        global NODE_RUNS
        env_path = os.pathsep.join(str(d) for d in node_modules_dirs())
        key = (tuple(command), env_path)
        if self.proc is not None and (key != self.key or self.pid != os.getpid() or self.proc.poll() is not None):
            self.stop()
        if self.proc is None:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, env=dict(os.environ, NODE_PATH=env_path))
            self.key, self.pid = key, os.getpid()
            NODE_RUNS += 1
        try:
            return self._exchange(self.proc, line, time.monotonic() + limit)
        except BaseException:
            self.stop()
            raise

    @staticmethod
    def _exchange(proc: subprocess.Popen[bytes], line: bytes, deadline: float) -> bytes:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        out, err = bytearray(), bytearray()
        pending = memoryview(line)
        with selectors.DefaultSelector() as sel:
            for f, ev in ((proc.stdin, selectors.EVENT_WRITE), (proc.stdout, selectors.EVENT_READ),
                          (proc.stderr, selectors.EVENT_READ)):
                os.set_blocking(f.fileno(), False)
                sel.register(f, ev)
            while b"\n" not in out:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Stopped
                for k, _ in sel.select(left):
                    if k.fileobj is proc.stdin:
                        try:
                            pending = pending[os.write(proc.stdin.fileno(), pending):]
                        except BlockingIOError:
                            continue
                        except BrokenPipeError:  # it exited: what it said comes next
                            pending = pending[:0]
                        if not pending:
                            sel.unregister(proc.stdin)
                        continue
                    chunk = os.read(k.fd, 1 << 16)
                    if k.fileobj is proc.stderr:
                        err += chunk
                        del err[:-2000]
                        if not chunk:
                            sel.unregister(proc.stderr)
                    elif chunk:
                        out += chunk
                    else:  # the worker closed its output without answering
                        try:
                            code = proc.wait(max(0.1, min(2.0, deadline - time.monotonic())))
                        except subprocess.TimeoutExpired:
                            code = None
                        err += _drain(proc.stderr)
                        raise _Failed(f"exit {code}" if code is not None else "no answer",
                                      err.decode("utf-8", "replace")[-500:].strip())
        answer, _, rest = bytes(out).partition(b"\n")
        if rest.strip():
            raise _Failed("more than one answer", "")
        return answer

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or self.pid != os.getpid():
            return
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
        for f in (proc.stdin, proc.stdout, proc.stderr):
            if f is not None:
                with contextlib.suppress(OSError):
                    f.close()


def _drain(f: Any) -> bytes:
    try:
        return os.read(f.fileno(), 1 << 16) or b""
    except (OSError, ValueError):
        return b""


_WORKER = _Worker()
_WORKER_LOCK = threading.Lock()
atexit.register(_WORKER.stop)


def _read_cache(path: Path) -> dict[str, Any]:
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def _write_cache(path: Path, cache: dict[str, Any]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(cache, sort_keys=True, indent=0), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # a cache only saves time


# Stable lint codes for the gate's findings (the rule table is generator/lint/rules.py).
_CODES = (
    ("E902", ("time budget was spent",)),
    ("E205", ("(steals its pastes)",)),
    ("E204", ("matches its own near_misses",)),
    ("E203", ("does not match its own",)),
    ("E202", ("took longer than", "not RE2 syntax", "nested quantifiers", "quantified alternation", "recheck",
              "matches the empty string", "has no required literal")),
    ("E201", ("does not compile", "inline flags", "named groups", "non-ASCII characters with flag", "\\A and \\Z",
              "Python and JavaScript disagree")),
)


def rule_code(reason: str) -> str:
    for code, needles in _CODES:
        if any(n in reason for n in needles):
            return code
    return "E201"


def regex_problems(entries: list[Entry], incremental: bool = False) -> list[Problem]:
    """The gate as lint problems: each reason under its stable E2xx code (the gate's own warnings keep theirs).
    `incremental` (`mkdocs serve`): what the last incremental run found, if no entry's gate_inputs changed since (an
    edit of an entry's prose, its translation or its workarounds does not run the gate again: ~0.3 s at 3,000
    entries)."""
    def run() -> tuple[Problem, ...]:
        out = []
        for p in check_regexes(entries).problems:
            if p.severity == "error" and not p.code:
                p = dataclasses.replace(p, code=rule_code(p.message))
            out.append(p)
        return tuple(out)

    if not incremental:
        _GATE_FOUND.clear()
        return list(run())
    key = digest([gate_inputs(e) for e in sorted(entries, key=lambda e: (e.id, e.path))])  # families(): read once
    found: tuple[Problem, ...] = remembered(_GATE_FOUND, "gate", key, run)
    return list(found)


_GATE_FOUND: dict[str, tuple[bytes, tuple[Problem, ...]]] = {}


def gate_inputs(e: Entry) -> tuple[object, ...]:
    """Everything of an entry the gate reads: its regex and texts (_texts), the overlaps it declares, and what the
    match index's prefilter reads of it (engine.index_entry)."""
    raw = e.raw
    return (e.id, e.path, e.domain, e.regex, e.regex_flags, e.signature, raw.get("samples"), raw.get("near_misses"),
            raw.get("overlaps"), e.aliases, e.error_code, e.incidental)
